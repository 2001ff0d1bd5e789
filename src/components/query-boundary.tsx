import { Center, Loader } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, type WayBack } from './page-kit/error-state';

/**
 * Renders `children` with a query's data once it has arrived; a loader before, an error state when it failed with
 * nothing to show. A refetch that fails keeps what is on screen (a form keeps every typed value): the failure's
 * notification says what happened.
 */
export function QueryBoundary<Data, Key extends QueryKey>({
  query,
  back,
  children,
}: {
  query: UseQueryOptions<Data, Error, Data, Key>;
  /** The record's list, offered when the record cannot be shown. */
  back?: WayBack;
  children: (data: Data) => ReactNode;
}) {
  const { data, error, isPending, refetch } = useQuery(query);
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (data === undefined) return <ErrorState error={error} onRetry={() => void refetch()} back={back} />;
  return children(data);
}
