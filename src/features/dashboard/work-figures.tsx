import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/page-kit/error-state';
import { formatDateTime } from '@/lib/format';
import { figuresResource, type FigureBucket, type FigureDay, type MailFigure } from './figures-api';
import { FIGURES_TEXT } from './figures-strings';

/** 'Nov 26' for '2026-11-26' (the day is UTC's, as the server counts it). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

type Point = { label: string; value: number };

/**
 * One figure: a bar chart, which screen readers skip, and its text equivalent, a table of every bar (visually
 * hidden), besides the total everyone reads.
 */
function FigureCard({
  title,
  summary,
  heading,
  points,
  color,
}: {
  title: string;
  summary: string;
  /** The table's first column: what each bar is (a day, an age). */
  heading: string;
  points: Point[];
  color: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {summary}
      </Text>
      {/* The table below says what the chart shows: the chart is left out of the accessibility tree and the tab order. */}
      <div aria-hidden="true">
        <BarChart
          accessibilityLayer={false}
          h={160}
          data={points}
          dataKey="label"
          series={[{ name: 'value', label: title, color }]}
          tickLine="none"
          gridAxis="y"
          withTooltip
          tooltipAnimationDuration={0}
          yAxisProps={{ allowDecimals: false, width: 32 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        />
      </div>
      <Table className="visually-hidden">
        <caption>{title}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{heading}</Table.Th>
            <Table.Th scope="col">{FIGURES_TEXT.count}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point) => (
            <Table.Tr key={point.label}>
              <Table.Th scope="row">{point.label}</Table.Th>
              <Table.Td>{point.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** A per-day series of the figures, as a chart's points. */
function perDay(days: FigureDay[], series: 'reports' | 'restrictions' | 'members') {
  const points = days.map((day) => ({ label: shortDay(day.day), value: day[series] }));
  return { points, summary: FIGURES_TEXT.total(points.reduce((sum, point) => sum + point.value, 0)) };
}

/** The latest sent mails and where their delivery stands (the mail queue's counts). */
function MailsCard({ mails }: { mails: MailFigure[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={FIGURES_TEXT.mails}>
      <Title order={2} size="h5" mb="sm">
        {FIGURES_TEXT.mails}
      </Title>
      {mails.length ? (
        // Scrolled sideways on a narrow card: focusable, so that the keyboard can scroll it too (WCAG 2.1.1).
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
          <Table striped>
            <caption className="visually-hidden">{FIGURES_TEXT.mails}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{FIGURES_TEXT.title}</Table.Th>
                <Table.Th scope="col">{FIGURES_TEXT.sentOn}</Table.Th>
                <Table.Th scope="col">{FIGURES_TEXT.recipients}</Table.Th>
                <Table.Th scope="col">{FIGURES_TEXT.sent}</Table.Th>
                <Table.Th scope="col">{FIGURES_TEXT.failed}</Table.Th>
                <Table.Th scope="col">{FIGURES_TEXT.queued}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.map((mail) => (
                <Table.Tr key={mail._id}>
                  <Table.Th scope="row" fw={500}>
                    {mail.title}
                  </Table.Th>
                  <Table.Td>{formatDateTime(mail.createdAt)}</Table.Td>
                  <Table.Td>
                    {mail.allUsers
                      ? `${FIGURES_TEXT.allUsers} (${mail.recipientCount.toLocaleString('en-US')}${mail.expanding ? `, ${FIGURES_TEXT.expanding}` : ''})`
                      : mail.recipientCount.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td>{mail.sentCount.toLocaleString('en-US')}</Table.Td>
                  <Table.Td c={mail.failedCount ? 'red' : undefined}>
                    {mail.failedCount.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td>{mail.queuedCount.toLocaleString('en-US')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="dimmed" size="sm">
          {FIGURES_TEXT.mailsEmpty}
        </Text>
      )}
    </Card>
  );
}

/** The review queue's open items by age, where the API gives them (issue 29's queue). */
function QueueByAgeCard({ buckets }: { buckets: FigureBucket[] }) {
  const points = buckets.map((bucket) => ({ label: bucket.label, value: bucket.count }));
  return (
    <FigureCard
      title={FIGURES_TEXT.queueByAge}
      summary={FIGURES_TEXT.items(points.reduce((sum, point) => sum + point.value, 0))}
      heading={FIGURES_TEXT.age}
      points={points}
      color="orange.6"
    />
  );
}

/**
 * The work dashboard ('work-dashboard'), under SPEC's two cards: chat reports, restrictions and new members per day
 * over the last 30 days as charts (@mantine/charts, in this module's own chunk, which only the dashboard loads), each
 * with its numbers as text, and the latest mails' delivery.
 */
export function WorkFigures() {
  const figures = useQuery(figuresResource.queries.single());
  if (figures.error)
    return (
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />
      </div>
    );
  if (!figures.data)
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }} mt="md" aria-busy="true" aria-label={FIGURES_TEXT.loading}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={220} radius="md" />
        ))}
      </SimpleGrid>
    );
  const { days, mails, openQueueByAge } = figures.data;
  const reports = perDay(days, 'reports');
  const restrictions = perDay(days, 'restrictions');
  const members = perDay(days, 'members');
  return (
    <section aria-label={FIGURES_TEXT.region}>
      <SimpleGrid cols={{ base: 1, md: 3 }} mt="md">
        <FigureCard title={FIGURES_TEXT.reports} heading={FIGURES_TEXT.day} color="grape.6" {...reports} />
        <FigureCard
          title={FIGURES_TEXT.restrictions}
          heading={FIGURES_TEXT.day}
          color="red.6"
          {...restrictions}
        />
        <FigureCard title={FIGURES_TEXT.members} heading={FIGURES_TEXT.day} color="teal.6" {...members} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: openQueueByAge ? 2 : 1 }} mt="md">
        {openQueueByAge ? <QueueByAgeCard buckets={openQueueByAge} /> : null}
        <MailsCard mails={mails} />
      </SimpleGrid>
    </section>
  );
}
