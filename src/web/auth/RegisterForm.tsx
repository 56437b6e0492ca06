/**
 * The institute registration form (spec §2, §3, §5), its own chunk with the geo data, so the login screen
 * does not carry them; RegisterPage shows the page around it meanwhile. The fields are the shared
 * institute form (institute/InstituteFormSections). The logo is an anonymous upload into 'logos'.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RegisterBody } from '../../common/schemas/institute';
import { paths } from '../app/paths';
import { ApiForm } from '../components/forms/ApiForm';
import { SubmitButton } from '../components/forms/SubmitButton';
import { useApiForm, type FormValues } from '../components/forms/useApiForm';
import { EMPTY_INSTITUTE, InstituteFormSections } from '../institute/InstituteFormSections';
import { authApi } from './api';
import { markRegistered } from './registrationMarker';

const EMPTY = { ...EMPTY_INSTITUTE, password: '', password_confirmation: '' } satisfies FormValues<typeof RegisterBody>;

export default function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useApiForm({
    schema: RegisterBody,
    defaultValues: EMPTY,
    onSubmit: async (values) => {
      const { data } = await authApi.register(values);
      markRegistered(data.user.uid);
      await navigate(paths.login);
    },
  });

  return (
    <ApiForm state={state}>
      <InstituteFormSections password="required" images="logo" />
      <SubmitButton label={t('register.submit')} processingLabel={t('register.submitting')} size="md" w={{ base: '100%', sm: 320 }} mx="auto" />
    </ApiForm>
  );
}
