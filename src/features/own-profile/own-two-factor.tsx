import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod/mini';
import { ControlledForm } from '@/components/form/controlled-form';
import { useMutationForm } from '@/components/form/use-form-controller';
import { FormActions } from '@/components/form-kit/form-actions';
import { PasswordField } from '@/components/form-kit/password-field';
import { QueryBoundary } from '@/components/query-boundary';
import { AuthenticatorSetUp } from '@/components/two-factor/authenticator-set-up';
import { CodeField } from '@/components/two-factor/code-field';
import { isTotpCode } from '@/components/two-factor/code-input';
import { RecoveryCodes } from '@/components/two-factor/recovery-codes';
import { TWO_FACTOR_TEXT } from '@/components/two-factor/strings';
import { textLimit } from '@/lib/field-limits';
import {
  twoFactorResource,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useTwoFactorSetUp,
  type TwoFactorState,
} from './two-factor-api';
import { TWO_FACTOR_PROFILE_TEXT as TEXT } from './strings';

const code = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, TWO_FACTOR_TEXT.codeRequired),
    z.refine(isTotpCode, TWO_FACTOR_TEXT.codeInvalid),
  );
const codeSchema = z.object({ code });
const offSchema = z.object({
  password: z.string().check(z.minLength(1, TEXT.passwordRequired)),
  code,
});
type CodeValues = z.input<typeof codeSchema>;

/**
 * The own profile's "Two-factor" ('two-factor'): set it up (QR code, first code, recovery codes shown once), get new
 * recovery codes, turn it off (unless required). Each change signs the admin's other browsers out.
 */
export function OwnTwoFactor() {
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="own-two-factor-title">
      <Title order={2} size="h4" id="own-two-factor-title">
        {TEXT.heading}
      </Title>
      <QueryBoundary query={twoFactorResource.queries.single()}>
        {(state) => <TwoFactorPanel state={state} />}
      </QueryBoundary>
    </Stack>
  );
}

function TwoFactorPanel({ state }: { state: TwoFactorState }) {
  // Shown once, whatever the state read again after the change says.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} doneLabel={TEXT.done} onDone={() => setCodes(null)} />;
  if (!state.enabled) return <SetUp onCodes={setCodes} />;
  return (
    <Stack gap="md">
      <Text size="sm">{TEXT.on}</Text>
      <Text size="sm">{TEXT.codesLeft(state.recoveryCodesLeft ?? 0)}</Text>
      <Divider />
      <RenewCodes onCodes={setCodes} />
      <Divider />
      {state.required ? <Text size="sm">{TEXT.required}</Text> : <TurnOff />}
    </Stack>
  );
}

function SetUp({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const setUp = useTwoFactorSetUp();
  const confirm = useConfirmTwoFactor(onCodes);
  if (!setUp.data)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{TEXT.off}</Text>
        <Button onClick={() => setUp.mutate()} loading={setUp.isPending}>
          {TEXT.setUp}
        </Button>
      </Stack>
    );
  return (
    <Stack gap="sm">
      <AuthenticatorSetUp secret={setUp.data.secret} qrSvg={setUp.data.qrSvg} />
      <Text size="sm">{TEXT.confirmIntro}</Text>
      <CodeForm mutation={confirm} label={TEXT.turnOn} success={TEXT.enabled} />
    </Stack>
  );
}

/** One code, sent by `mutation` (a confirmation or new recovery codes). */
function CodeForm({
  mutation,
  label,
  success,
}: {
  mutation: ReturnType<typeof useConfirmTwoFactor>;
  label: string;
  success: string;
}) {
  const controller = useMutationForm({
    schema: codeSchema,
    mutation,
    values: () => ({ code: '' }),
    toInput: (values) => values,
    success,
  });
  return (
    <ControlledForm controller={controller} maw={360}>
      <CodeField<CodeValues> name="code" />
      <FormActions label={label} pending={controller.pending} />
    </ControlledForm>
  );
}

function RenewCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const renew = useRenewRecoveryCodes(onCodes);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {TEXT.renewTitle}
      </Title>
      <Text size="sm">{TEXT.renewIntro}</Text>
      <CodeForm mutation={renew} label={TEXT.renew} success={TEXT.renewed} />
    </Stack>
  );
}

function TurnOff() {
  const controller = useMutationForm({
    schema: offSchema,
    mutation: useDisableTwoFactor(),
    values: () => ({ password: '', code: '' }),
    toInput: (values) => values,
    success: TEXT.disabled,
  });
  const { errors } = controller.form.formState;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {TEXT.offTitle}
      </Title>
      <Text size="sm">{TEXT.offIntro}</Text>
      <ControlledForm controller={controller} maw={360}>
        <PasswordField
          label={TEXT.password}
          autoComplete="current-password"
          maxLength={textLimit('profile', 'password')}
          {...controller.form.register('password')}
          error={errors.password?.message}
        />
        <CodeField<z.input<typeof offSchema>> name="code" />
        <FormActions label={TEXT.turnOff} pending={controller.pending} />
      </ControlledForm>
    </Stack>
  );
}
