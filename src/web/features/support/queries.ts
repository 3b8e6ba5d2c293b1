import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';

export const useHelpList = () =>
  useQuery({
    queryKey: ['help', 'page'],
    queryFn: () => callRoute('get-help-list', { page: 1, pageSize: 50 }),
  });

/** Any change to tickets refreshes the lists and the header's help count. */
export function useHelpMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['help'] });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
