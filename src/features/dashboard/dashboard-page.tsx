import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconAddressBook, IconUsers, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/document-title';
import { ErrorState } from '@/components/page-kit/error-state';
import { useFeature, usePermission } from '@/lib/core/session';
import { dashboardResource } from './api';

function CountCard({
  title,
  to,
  icon: CardIcon,
  count,
  loading,
}: {
  title: string;
  /** The list the count is of; none where the admin's role may not open it ('roles'). */
  to: string | null;
  icon: Icon;
  count: number | null | undefined;
  loading: boolean;
}) {
  const content = (
    <>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text c="dimmed" size="sm" fw={500}>
            {title}
          </Text>
          {loading ? (
            <Skeleton height={32} width={80} mt={6} data-testid="count-skeleton" />
          ) : (
            <Text fz={32} fw={700}>
              {count ?? '-'}
            </Text>
          )}
        </div>
        <ThemeIcon
          size={48}
          radius="md"
          variant="gradient"
          gradient={{ from: 'grape', to: 'pink', deg: 135 }}
        >
          <CardIcon size={26} aria-hidden />
        </ThemeIcon>
      </Group>
    </>
  );
  const card = { withBorder: true, radius: 'md', padding: 'lg', 'aria-busy': loading } as const;
  return to === null ? (
    <Card {...card}>{content}</Card>
  ) : (
    <Card component={Link} to={to} {...card} className="mantine-focus-auto">
      {content}
    </Card>
  );
}

/** The work dashboard's figures and their charts ('work-dashboard'): a chunk only the dashboard loads, when announced. */
const WorkFigures = lazy(() => import('./work-figures').then((module) => ({ default: module.WorkFigures })));

/** / and /dashboard (SPEC 2.5); with 'work-dashboard', the work's figures under the two cards. */
export function DashboardPage() {
  const counts = useQuery(dashboardResource.queries.single());
  const readsMembers = usePermission('members.read');
  const readsContacts = usePermission('contacts.read');
  const withFigures = useFeature('work-dashboard');
  useDocumentTitle('Dashboard');
  return (
    <>
      <h1 className="visually-hidden">Dashboard</h1>
      {counts.error ? <ErrorState error={counts.error} onRetry={() => void counts.refetch()} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt={counts.error ? 'md' : 0}>
        <CountCard
          title="Total Users"
          to={readsMembers ? '/users' : null}
          icon={IconUsers}
          count={counts.data?.userCount}
          loading={counts.isPending}
        />
        <CountCard
          title="Total Contact"
          to={readsContacts ? '/contact-us' : null}
          icon={IconAddressBook}
          count={counts.data?.contactCount}
          loading={counts.isPending}
        />
      </SimpleGrid>
      {withFigures ? (
        <Suspense fallback={null}>
          <WorkFigures />
        </Suspense>
      ) : null}
    </>
  );
}
