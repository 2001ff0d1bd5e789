import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconAddressBook, IconUsers, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/document-title';
import { ErrorState } from '@/components/page-kit/error-state';
import { dashboardResource } from './api';

function CountCard({
  title,
  to,
  icon: CardIcon,
  count,
  loading,
}: {
  title: string;
  to: string;
  icon: Icon;
  count: number | null | undefined;
  loading: boolean;
}) {
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
    </Card>
  );
}

/** / and /dashboard (SPEC 2.5). */
export function DashboardPage() {
  const counts = useQuery(dashboardResource.queries.single());
  useDocumentTitle('Dashboard');
  return (
    <>
      <h1 className="visually-hidden">Dashboard</h1>
      {counts.error ? <ErrorState error={counts.error} onRetry={() => void counts.refetch()} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt={counts.error ? 'md' : 0}>
        <CountCard
          title="Total Users"
          to="/users"
          icon={IconUsers}
          count={counts.data?.userCount}
          loading={counts.isPending}
        />
        <CountCard
          title="Total Contact"
          to="/contact-us"
          icon={IconAddressBook}
          count={counts.data?.contactCount}
          loading={counts.isPending}
        />
      </SimpleGrid>
    </>
  );
}
