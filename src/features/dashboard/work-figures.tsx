import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Card, Grid, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import '@/components/list-kit/data-table.css';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/page-kit/error-state';
import { formatDateTime, formatUtcDay } from '@/lib/format';
import { figuresResource, type FigureBucket, type FigureDay, type MailFigure } from './figures-api';
import { FIGURES_TEXT } from './figures-strings';

type Point = { label: string; value: number };

/**
 * A count axis: whole numbers from 0 in even steps (1, 2, 5, 10, 20, 50, ...), at most five ticks, the last at or
 * above the highest count. Left to itself, recharts rounds 12 to 0, 3, 6, 12 and 4 to 0, 1, 2, 4.
 */
export function countTicks(values: number[]): number[] {
  const highest = Math.max(1, ...values);
  for (let scale = 1; ; scale *= 10)
    for (const step of [scale, 2 * scale, 5 * scale]) {
      const steps = Math.ceil(highest / step);
      if (steps <= 4) return Array.from({ length: steps + 1 }, (_, index) => index * step);
    }
}

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
  const ticks = countTicks(points.map((point) => point.value));
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
          gridAxis="x"
          withTooltip
          tooltipAnimationDuration={0}
          yAxisProps={{ allowDecimals: false, width: 32, ticks, domain: [0, ticks.at(-1)!], interval: 0 }}
          // A month of days is labelled a week apart; a few bars (the queue's ages), each.
          xAxisProps={{ interval: points.length > 7 ? 6 : 0 }}
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
  const points = days.map((day) => ({ label: formatUtcDay(day.day), value: day[series] }));
  return { points, summary: FIGURES_TEXT.total(points.reduce((sum, point) => sum + point.value, 0)) };
}

const formatCount = (value: number) => value.toLocaleString('en-US');
const MAIL_COLUMNS = [
  FIGURES_TEXT.title,
  FIGURES_TEXT.sentOn,
  FIGURES_TEXT.recipients,
  FIGURES_TEXT.sent,
  FIGURES_TEXT.failed,
  FIGURES_TEXT.queued,
];

/** The latest sent mails and where their delivery stands (the mail queue's counts). */
function MailsCard({ mails }: { mails: MailFigure[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={FIGURES_TEXT.mails}>
      <Title order={2} size="h5" mb="sm">
        {FIGURES_TEXT.mails}
      </Title>
      {mails.length ? (
        // The lists' table (data-table.css): on a phone each mail is a card of label / value lines; wider, a table
        // too wide for its card scrolls inside it.
        <div className="data-table-scroll">
          <table className="data-table" role="table" aria-label={FIGURES_TEXT.mails}>
            <thead>
              <tr role="row">
                {MAIL_COLUMNS.map((column) => (
                  <th key={column} scope="col" role="columnheader">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail._id} role="row">
                  <th scope="row" role="rowheader">
                    {mail.title}
                  </th>
                  <td role="cell" data-label={FIGURES_TEXT.sentOn}>
                    {formatDateTime(mail.createdAt)}
                  </td>
                  <td role="cell" data-label={FIGURES_TEXT.recipients}>
                    {mail.allUsers
                      ? `${FIGURES_TEXT.allUsers} (${formatCount(mail.recipientCount)}${mail.expanding ? `, ${FIGURES_TEXT.expanding}` : ''})`
                      : formatCount(mail.recipientCount)}
                  </td>
                  <td role="cell" data-label={FIGURES_TEXT.sent}>
                    {formatCount(mail.sentCount)}
                  </td>
                  <td role="cell" data-label={FIGURES_TEXT.failed}>
                    <Text span inherit c={mail.failedCount ? 'red' : undefined}>
                      {formatCount(mail.failedCount)}
                    </Text>
                  </td>
                  <td role="cell" data-label={FIGURES_TEXT.queued}>
                    {formatCount(mail.queuedCount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
      {/* The mails' six columns need two thirds of a wide page (half of one did not hold them at 1440 px), else all of it. */}
      <Grid mt="md">
        {openQueueByAge ? (
          <Grid.Col span={{ base: 12, xl: 4 }}>
            <QueueByAgeCard buckets={openQueueByAge} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, xl: openQueueByAge ? 8 : 12 }}>
          <MailsCard mails={mails} />
        </Grid.Col>
      </Grid>
    </section>
  );
}
