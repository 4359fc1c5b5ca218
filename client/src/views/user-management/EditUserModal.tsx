import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INPUT_LIMITS, messages } from '@pauta/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { counterProps } from '../../components/CharacterCount';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, invalidFieldsOf } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { AdminUser } from '../admin/admin-api';

const text = messages.admin.users;

/** 'Editar usuário': first name, last name and email (the sign-in email too). */
export function EditUserModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.admin.users.updateProfile.mutationOptions());
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '' },
    validate: {
      // Longer than the limit: refused whole, never cut (issue 30).
      firstName: (value) =>
        value.trim().length > INPUT_LIMITS.firstName ? messages.common.tooLong(INPUT_LIMITS.firstName) : null,
      lastName: (value) =>
        value.trim().length > INPUT_LIMITS.lastName ? messages.common.tooLong(INPUT_LIMITS.lastName) : null,
      email: (value) =>
        value.trim().length <= INPUT_LIMITS.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
          ? null
          : messages.auth.invalidEmail,
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another user opens.
  useEffect(() => {
    if (user)
      form.setValues({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email });
    form.clearErrors();
  }, [user?.id]);

  // A double-click on Salvar saves once.
  const [save, saving] = useSingleFlight(async (values: typeof form.values) => {
    if (!user) return;
    try {
      await update.mutateAsync({ userId: user.id, ...values });
    } catch (error) {
      if (errorCodeOf(error) === 'EMAIL_TAKEN') {
        form.setFieldError('email', text.emailInUse);
        showError(text.profileUpdateError, text.emailInUse);
      } else if (invalidFieldsOf(error).includes('email'))
        form.setFieldError('email', messages.auth.invalidEmail);
      else showError(messages.common.error, text.profileUpdateError);
      return;
    }
    showSuccess(messages.common.success, text.profileUpdated);
    await queryClient.invalidateQueries(trpc.admin.users.pathFilter());
    onClose();
  });
  const submit = form.onSubmit((values) => void save(values));

  return (
    <Modal
      opened={user !== null}
      onClose={() => !saving && onClose()}
      title={text.editProfileTitle}
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={text.firstName}
            {...form.getInputProps('firstName')}
            {...counterProps(form.values.firstName, INPUT_LIMITS.firstName)}
          />
          <TextInput
            label={text.lastName}
            {...form.getInputProps('lastName')}
            {...counterProps(form.values.lastName, INPUT_LIMITS.lastName)}
          />
          <TextInput type="email" label={text.email} withAsterisk {...form.getInputProps('email')} />
          <ModalActions onCancel={onClose} busy={saving} gap="sm">
            <Button type="submit" loading={saving}>
              {messages.common.save}
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}
