import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/page-kit/error-state';
import { SafeHtml } from '@/components/safe-html';
import { childSafetyPolicyResource } from './api';
import { PublicPageFrame } from './public-page-frame';
import { PUBLIC_TEXT } from './strings';

/** /childsafetypolicy (SPEC 2.25): the stored policy HTML, sanitised. */
export function ChildSafetyPolicyPage() {
  const policy = useQuery(childSafetyPolicyResource.queries.single());

  return (
    <PublicPageFrame title={PUBLIC_TEXT.policyTitle}>
      {policy.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the policy" />
        </Center>
      ) : policy.error ? (
        <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />
      ) : (
        <SafeHtml html={policy.data} />
      )}
    </PublicPageFrame>
  );
}
