import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/components/document-title';
import { QueryBoundary } from '@/components/query-boundary';
import { StatusBadge } from '@/components/list-kit/status-badge';
import { userName } from '@/lib/declared-columns';
import { capitalize, formatLongDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useFeature, usePermission } from '@/lib/core/session';
import { userQueries, type User, type UserPlan } from './api';
import { HISTORY_TEXT } from '@/components/member-record/history-strings';
import { MediaCarousel } from './media-carousel';
import { MemberNotes } from '@/components/member-record/member-notes';
import { ModerationHistory } from '@/components/member-record/moderation-history';
import { NOTES_TEXT } from '@/components/member-record/notes-strings';
import { ProfileHeaderFacts } from './profile-header';
import { USERS_TEXT } from './strings';
import { Strikes } from './strikes';
import { UserAvatar } from './user-avatar';
import { UserStatusButton } from './user-status-button';
import './user-profile.css';

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** /users/{userId} (SPEC 2.7). */
export function UserProfilePage() {
  const { userId = '' } = useParams();
  useDocumentTitle('User profile');
  return (
    <QueryBoundary query={userQueries.detail(userId)} back={{ to: '/users', label: USERS_TEXT.backToList }}>
      {({ user, plan }) => <UserProfile user={user} plan={plan} />}
    </QueryBoundary>
  );
}

function UserProfile({ user, plan }: { user: User; plan: UserPlan | null }) {
  const withHistory = useFeature('user-history');
  // Kept from the first render: while an expired session is signed in again over a note being written, the session
  // names no features, and the form must stay.
  const [withNotes] = useState(useFeature('member-notes'));
  const restricts = useFeature('restrictions');
  // 'member-summary': the header carries what a moderator needs first, the strikes among them.
  const summary = useFeature('member-summary');
  const changesStatus = usePermission('members.status');
  const fullName = userName(user, '-');
  const interactAge =
    user.startAge !== null || user.endAge !== null
      ? `${orDash(user.startAge)} - ${orDash(user.endAge)}`
      : '-';
  return (
    <Stack>
      <Card withBorder radius="md" padding="lg">
        <Group>
          <UserAvatar name={user.name} image={user.image1} size={72} />
          <Stack gap={2}>
            <Group gap={6}>
              <Title order={1} size="h3">
                {fullName}
              </Title>
              {user.isVerified ? (
                <IconCircleCheckFilled
                  size={20}
                  color="var(--mantine-color-blue-6)"
                  aria-label={USERS_TEXT.verified}
                  role="img"
                />
              ) : null}
            </Group>
            <Text c="dimmed">{orDash(user.email)}</Text>
          </Stack>
          <Group gap="sm" ml="auto">
            <StatusBadge enabled={user.enabled} />
            {changesStatus ? <UserStatusButton user={user} size="sm" /> : null}
          </Group>
        </Group>
        {summary ? <ProfileHeaderFacts user={user} /> : null}
      </Card>

      <Section title={USERS_TEXT.basic}>
        <div className="profile-fields" data-wide>
          <Field label={USERS_TEXT.hobbies}>{user.hobbies.length ? user.hobbies.join(', ') : '-'}</Field>
          <Field label={USERS_TEXT.interestIn}>{orDash(user.interestIn)}</Field>
          <Field label={USERS_TEXT.workout}>{orDash(user.workout)}</Field>
          <Field label={USERS_TEXT.lookingFor}>{orDash(user.lookingFor)}</Field>
          <Field label={USERS_TEXT.height}>{user.height === null ? '-' : `${user.height} cm`}</Field>
          <Field label={USERS_TEXT.distance}>{orDash(user.distance)}</Field>
          <Field label={USERS_TEXT.smoking}>{orDash(user.smoking)}</Field>
          <Field label={USERS_TEXT.drinking}>{orDash(user.drinking)}</Field>
          <Field label={USERS_TEXT.interactAge}>{interactAge}</Field>
          <Field label={USERS_TEXT.audioPrompt}>
            <Stack gap={4}>
              <span>{orDash(user.audioPromptType)}</span>
              {user.audioPrompt ? (
                <audio
                  controls
                  preload="none"
                  src={mediaUrl(user.audioPrompt)}
                  aria-label={USERS_TEXT.audioPrompt}
                  style={{ maxWidth: '100%' }}
                />
              ) : null}
            </Stack>
          </Field>
        </div>
      </Section>

      <div className="profile-split">
        <Section title={USERS_TEXT.personal}>
          <div className="profile-fields">
            <Field label={USERS_TEXT.mobile}>
              {[user.countryCode, user.phoneNumber].filter(Boolean).join(' ') || '-'}
            </Field>
            <Field label={USERS_TEXT.email}>{orDash(user.email)}</Field>
            {restricts && !summary ? (
              <Field label={USERS_TEXT.strikes}>
                <Strikes user={user} />
              </Field>
            ) : null}
            <Field label={USERS_TEXT.dob}>{formatLongDate(user.dob)}</Field>
            <Field label={USERS_TEXT.gender}>{orDash(user.gender)}</Field>
            <Field label={USERS_TEXT.location}>{orDash(user.address)}</Field>
            <Field label={USERS_TEXT.bio}>{orDash(user.introduction)}</Field>
          </div>
        </Section>
        <MediaCarousel paths={[user.image1, user.image2, user.image3, user.image4]} name={user.name} />
      </div>

      {plan ? (
        <Section title={USERS_TEXT.planDetails}>
          <div className="profile-fields">
            <Field label={USERS_TEXT.planName}>{orDash(capitalize(plan.productId))}</Field>
            <Field label={USERS_TEXT.planStatus}>{orDash(capitalize(plan.status))}</Field>
          </div>
        </Section>
      ) : null}

      {user.answerPrompts.length ? (
        <Section title={USERS_TEXT.prompts}>
          <Stack>
            {user.answerPrompts.map((prompt, index) => (
              <Field key={index} label={prompt.type || '-'}>
                {orDash(prompt.description)}
              </Field>
            ))}
          </Stack>
        </Section>
      ) : null}

      {withNotes ? (
        <Section title={NOTES_TEXT.title}>
          <MemberNotes userId={user._id} />
        </Section>
      ) : null}

      {withHistory ? (
        <Section title={HISTORY_TEXT.title}>
          <ModerationHistory userId={user._id} />
        </Section>
      ) : null}
    </Stack>
  );
}
