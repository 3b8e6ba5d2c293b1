import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall, type CallInput } from '../../api/client.ts';
import type { ContentKind } from '../../api/types.ts';

/** The fields an editor sends: those of its kind (the server checks them against the kind's schema). */
export type ContentFields = CallInput<typeof api.content.update>['body'];
type NewContent = CallInput<typeof api.content.create>['body'];

const listKey = (kind: ContentKind) => ['admin', 'content', kind] as const;

export function useContentList(kind: ContentKind) {
  return useQuery({
    queryKey: listKey(kind),
    queryFn: () => adminCall(api.content.list, { params: { kind } }),
  });
}

/** Create (no id) or edit (id) an item; the list reloads after. */
export function useContentSave(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: number; fields: ContentFields }) =>
      id
        ? adminCall(api.content.update, { params: { kind, id }, body: fields })
        : adminCall(api.content.create, { params: { kind }, body: fields as NewContent }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

export function useContentDelete(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall(api.content.remove, { params: { kind, id } }),
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
    queryFn: () => adminCall(api.content.preview, { body: { contents: debounced } }),
    enabled: debounced.trim() !== '',
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
