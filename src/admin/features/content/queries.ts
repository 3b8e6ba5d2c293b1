import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminGet, adminPost } from '../../api/client.ts';
import type { ContentItem, ContentKind } from '../../api/types.ts';

const listKey = (kind: ContentKind) => ['admin', 'content', kind] as const;

export function useContentList(kind: ContentKind) {
  return useQuery({
    queryKey: listKey(kind),
    queryFn: () => adminGet<{ items: ContentItem[] }>(`/content/${kind}`),
  });
}

/** Create (no id) or edit (id) an item; the list reloads after. */
export function useContentSave(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: number; fields: object }) =>
      adminPost<{ item: ContentItem }>(id ? `/content/${kind}/${id}` : `/content/${kind}`, fields),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

export function useContentDelete(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminPost(`/content/${kind}/${id}/delete`),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

/**
 * The HTML as members will get it, from the server's own sanitiser (one allow-list, one truth),
 * asked for a moment after the operator stops typing.
 */
export function useSanitisedPreview(contents: string) {
  const [debounced, setDebounced] = useState(contents);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(contents), 250);
    return () => clearTimeout(timer);
  }, [contents]);
  return useQuery({
    queryKey: ['admin', 'content', 'preview', debounced],
    queryFn: () => adminPost<{ html: string }>('/content/preview', { contents: debounced }),
    enabled: debounced.trim() !== '',
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
