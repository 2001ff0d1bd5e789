import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod/mini';
import { TWO_FACTOR_MESSAGES } from '@contract/two-factor';
import { ControlledForm } from '@/components/form/controlled-form';
import { useMutationForm } from '@/components/form/use-form-controller';
import { AuthenticatorSetUp } from '@/components/two-factor/authenticator-set-up';
import { CodeInput, isTotpCode } from '@/components/two-factor/code-input';
import { RecoveryCodes } from '@/components/two-factor/recovery-codes';
import { TWO_FACTOR_TEXT } from '@/components/two-factor/strings';
import { ApiError } from '@/lib/core/api-error';
import {
  startSession,
  useAcknowledgeCodes,
  useSignInCode,
  useSignInSetUp,
  type CodesStep,
  type TwoFactorChallenge,
} from './api';
import { FailureAlert, useStepNotices } from './step-feedback';
import { SIGN_IN_TEXT } from './strings';

type StepProps = {
  challenge: TwoFactorChallenge;
  heading?: (title: string) => ReactNode;
  onSignedIn?: () => void;
  /** Back to the password: the challenge has expired (`reason` says so), or the admin chose to. */
  onRestart: (reason?: string) => void;
};

const codeSchema = (recovery: boolean) =>
  z.object({
    code: z.string().check(
      z.trim(),
      z.minLength(1, recovery ? TWO_FACTOR_TEXT.recoveryRequired : TWO_FACTOR_TEXT.codeRequired),
      z.refine((value) => recovery || isTotpCode(value), TWO_FACTOR_TEXT.codeInvalid),
    ),
  });
type CodeValues = z.input<ReturnType<typeof codeSchema>>;

const expired = (error: Error) =>
  error instanceof ApiError && error.serverMessage === TWO_FACTOR_MESSAGES.challengeExpired;

/** Back to the password when the challenge has expired, saying why. */
const restartOnExpiry = (onRestart: StepProps['onRestart']) => (error: Error) => {
  if (expired(error)) onRestart(error.message);
};

/** The step after a right password ('two-factor'): a code, or setting two-factor up when it is required. */
export function TwoFactorStep(props: StepProps) {
  const title = props.challenge.step === 'code' ? SIGN_IN_TEXT.codeTitle : SIGN_IN_TEXT.enrolTitle;
  return (
    <Stack>
      {props.heading ? (
        props.heading(title)
      ) : (
        <Title order={2} size="h4">
          {title}
        </Title>
      )}
      {props.challenge.step === 'code' ? <CodeStep {...props} /> : <EnrolStep {...props} />}
    </Stack>
  );
}

type CodeAnswer = NonNullable<ReturnType<typeof useSignInCode>['data']>;

/** The code form, for a code from the app (or, on request, a recovery code), sent by `send` for `challenge`. */
function CodeForm({
  recovery,
  send,
  challenge,
  submitLabel,
  onAnswer,
  onRestart,
}: {
  recovery: boolean;
  send: ReturnType<typeof useSignInCode>;
  challenge: TwoFactorChallenge;
  submitLabel: string;
  onAnswer: (answer: CodeAnswer) => void;
  onRestart: StepProps['onRestart'];
}) {
  const [schema] = useState(() => codeSchema(recovery));
  const controller = useMutationForm({
    schema,
    mutation: send,
    values: (): CodeValues => ({ code: '' }),
    toInput: ({ code }) => ({ challengeId: challenge.id, code: code.trim() }),
    onSaved: onAnswer,
    onRefused: restartOnExpiry(onRestart),
    unguarded: true,
  });
  return (
    <ControlledForm controller={controller}>
      {/* The last code's refusal, said in the form. */}
      <FailureAlert error={send.error} />
      <CodeInput
        recovery={recovery}
        data-autofocus
        {...controller.form.register('code')}
        error={controller.form.formState.errors.code?.message}
      />
      <Button type="submit" fullWidth loading={send.isPending}>
        {submitLabel}
      </Button>
    </ControlledForm>
  );
}

function CodeStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const [recovery, setRecovery] = useState(false);
  const send = useSignInCode();
  return (
    <>
      <Text size="sm">{recovery ? SIGN_IN_TEXT.recoveryIntro : SIGN_IN_TEXT.codeIntro}</Text>
      <CodeForm
        key={String(recovery)}
        recovery={recovery}
        send={send}
        challenge={challenge}
        submitLabel={SIGN_IN_TEXT.verify}
        onAnswer={(result) => {
          if ('twoFactor' in result) return;
          startSession(result);
          onSignedIn?.();
        }}
        onRestart={onRestart}
      />
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            send.reset();
            setRecovery(!recovery);
          }}
        >
          {recovery ? SIGN_IN_TEXT.useApp : SIGN_IN_TEXT.useRecovery}
        </Button>
        <Button variant="subtle" color="gray" size="compact-sm" onClick={() => onRestart()}>
          {SIGN_IN_TEXT.back}
        </Button>
      </Group>
    </>
  );
}

/** Two-factor is required and the admin has none: the set-up, its first code, then the recovery codes. */
function EnrolStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const setUp = useSignInSetUp();
  const send = useSignInCode();
  const acknowledge = useAcknowledgeCodes();
  const [codes, setCodes] = useState<CodesStep | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setUp.mutate(challenge.id, { onError: restartOnExpiry(onRestart) });
  }, [challenge.id, setUp, onRestart]);
  // The set-up's notifications (a wrong code) go once the recovery codes show.
  useStepNotices(codes ? 'codes' : 'set-up');

  // The session starts once the admin has saved the codes: a sign-in left here leaves none.
  if (codes)
    return (
      <>
        <FailureAlert error={acknowledge.error} />
        <RecoveryCodes
          codes={codes.recoveryCodes}
          doneLabel={SIGN_IN_TEXT.continue}
          onDone={() => {
            if (acknowledge.isPending) return;
            acknowledge.mutate(codes.challenge, {
              onSuccess: (result) => {
                startSession(result);
                onSignedIn?.();
              },
              onError: restartOnExpiry(onRestart),
            });
          }}
        />
      </>
    );
  if (!setUp.data)
    return setUp.isError ? (
      <Button variant="subtle" onClick={() => onRestart()}>
        {SIGN_IN_TEXT.back}
      </Button>
    ) : (
      <Loader size="sm" aria-label={SIGN_IN_TEXT.settingUp} />
    );
  return (
    <>
      <Alert color="blue" variant="light">
        {SIGN_IN_TEXT.enrolIntro}
      </Alert>
      <AuthenticatorSetUp secret={setUp.data.secret} qrSvg={setUp.data.qrSvg} />
      <Text size="sm">{SIGN_IN_TEXT.enrolCode}</Text>
      <CodeForm
        recovery={false}
        send={send}
        challenge={challenge}
        submitLabel={SIGN_IN_TEXT.turnOn}
        onAnswer={(result) => 'twoFactor' in result && setCodes(result)}
        onRestart={onRestart}
      />
      <Button variant="subtle" color="gray" size="compact-sm" onClick={() => onRestart()}>
        {SIGN_IN_TEXT.back}
      </Button>
    </>
  );
}
