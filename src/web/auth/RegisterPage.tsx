/**
 * Institute registration (spec §2): the page's frame comes with the login screen's code, so a first
 * visit on a slow phone shows its title and links while the form's own chunk arrives (RegisterForm).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths';
import { FullPageLoader } from '../components/FullPageLoader';
import { AuthCard } from './AuthCard';

const RegisterForm = lazy(() => import('./RegisterForm'));

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('register.title')}
      lead={t('register.subtitle')}
      width={880}
      links={[
        { to: paths.login, lead: t('register.haveAccount'), label: t('register.loginLink') },
        { to: paths.passwordReset, label: t('register.forgotLink') },
      ]}
    >
      <Suspense fallback={<FullPageLoader minHeight={320} />}>
        <RegisterForm />
      </Suspense>
    </AuthCard>
  );
}
