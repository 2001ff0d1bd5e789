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
  /** The list the count is of. */
  to: string;
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
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="lg"
      aria-busy={loading}
      className="mantine-focus-auto"
    >
      {content}
    </Card>
  );
}

/** The work dashboard's figures and their charts ('work-dashboard'): a chunk only the dashboard loads, when announced. */
const WorkFigures = lazy(() => import('./work-figures').then((module) => ({ default: module.WorkFigures })));

/**
 * / and /dashboard (SPEC 2.5); with 'work-dashboard', the work's figures under the two cards. A card leads to its list,
 * so with 'roles' it is shown only to a role that may open that list.
 */
export function DashboardPage() {
  const counts = useQuery(dashboardResource.queries.single());
  const readsMembers = usePermission('members.read');
  const readsContacts = usePermission('contacts.read');
  const withFigures = useFeature('work-dashboard');
  useDocumentTitle('Dashboard');
  const cards = [
    readsMembers
      ? { title: 'Total Users', to: '/users', icon: IconUsers, count: counts.data?.userCount }
      : null,
    readsContacts
      ? { title: 'Total Contact', to: '/contact-us', icon: IconAddressBook, count: counts.data?.contactCount }
      : null,
  ].filter((card) => card !== null);
  return (
    <>
      <h1 className="visually-hidden">Dashboard</h1>
      {counts.error && cards.length ? (
        <ErrorState error={counts.error} onRetry={() => void counts.refetch()} />
      ) : null}
      {cards.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt={counts.error ? 'md' : 0}>
          {cards.map((card) => (
            <CountCard key={card.to} {...card} loading={counts.isPending} />
          ))}
        </SimpleGrid>
      ) : null}
      {withFigures ? (
        <Suspense fallback={null}>
          <WorkFigures />
        </Suspense>
      ) : null}
    </>
  );
}
