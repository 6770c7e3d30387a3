import {
  AUTH_SUCCESS_TEXT,
  CODE_RESENT_TEXT,
  ERROR_POPUP_MS,
  type LoginRequest,
  type PasswordResetRequest,
  POST_REGISTRATION_REDIRECT_MS,
  POST_RESET_RETURN_MS,
  SUCCESS_BANNER_MS,
} from '@app/shared';
import { ArrowLeft, KeyRound, LogIn, UserPlus } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { readError } from '../../api/errors.ts';
import { Alert, Modal, notify, Tabs, TabsList, TabsTrigger } from '../../ui/index.ts';
import {
  type RegisterBody,
  useLogin,
  useLoginVerify,
  usePasswordReset,
  useRegister,
  useRequestPasswordReset,
  useVerifyOtp,
} from './api.ts';
import { ForgotEmailForm, ForgotResetForm } from './forgot-forms.tsx';
import { LoginDetailsForm } from './login-details-form.tsx';
import { OtpCodeForm } from './otp-code-form.tsx';
import { RegisterDetailsForm } from './register-details-form.tsx';
import { useTimedMessage } from './use-timed-message.ts';

export type AuthMode = 'login' | 'register' | 'forgot';
type Step = 1 | 2;

/** What step 1 collected; step 2 sends it again with the code, and resend repeats step 1 with it. */
interface Credentials {
  email: string;
  password: string;
  referralCode?: string;
}

const HOME_PATH = '/';

const COPY: Record<AuthMode, Record<Step, { title: string; description: (email: string) => ReactNode }>> = {
  login: {
    1: {
      title: 'Вход в аккаунт',
      description: () => 'Введите email и пароль — мы отправим код подтверждения на почту.',
    },
    2: { title: 'Подтвердите вход', description: (email) => <CodeSentTo email={email} /> },
  },
  register: {
    1: {
      title: 'Создание аккаунта',
      description: () => 'Регистрация по приглашению партнёра. Код подтверждения придёт на почту.',
    },
    2: { title: 'Подтвердите email', description: (email) => <CodeSentTo email={email} /> },
  },
  forgot: {
    1: {
      title: 'Восстановление пароля',
      description: () => 'Укажите email аккаунта — мы пришлём код для смены пароля.',
    },
    2: { title: 'Смена пароля', description: (email) => <CodeSentTo email={email} /> },
  },
};

function CodeSentTo({ email }: { email: string }) {
  return (
    <>
      Мы отправили 6-значный код на <span className="font-medium text-gray-800">{email}</span>.
    </>
  );
}

export interface AuthModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Mode shown when the modal opens. */
  initialMode?: AuthMode;
  /** A referral code from the sign-up link (/welcome?ref=CODE): the register form starts with it filled in. */
  referralCode?: string;
  /**
   * The link of an account an operator created (/welcome?password_reset=EMAIL&code=CODE, issue 27): the modal
   * opens on the new-password step with the mailed code filled in.
   */
  passwordSetup?: { email: string; code: string };
}

/**
 * The auth modal of spec §2/§4: register, login and forgot-password, two steps each, the success banner
 * (3 s), the error pop-up (5 s) and the redirects (1.5 s after sign-up, 2 s back to login after a reset).
 * It starts in initialMode when mounted; give it a new key per opening to start clean each time.
 */
export function AuthModal({
  open,
  onOpenChange,
  initialMode = 'login',
  referralCode,
  passwordSetup,
}: AuthModalProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(passwordSetup ? 'forgot' : initialMode);
  const [step, setStep] = useState<Step>(passwordSetup ? 2 : 1);
  const [credentials, setCredentials] = useState<Credentials | null>(
    passwordSetup ? { email: passwordSetup.email, password: '' } : null,
  );
  // Bumped on every reset so each form remounts with empty fields and no errors.
  const [formKey, setFormKey] = useState(0);
  const [finishing, setFinishing] = useState(false);
  const [popup, showPopup] = useTimedMessage(ERROR_POPUP_MS);
  const [banner, showBanner] = useTimedMessage(SUCCESS_BANNER_MS);
  const pendingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const registerCall = useRegister();
  const verifyOtpCall = useVerifyOtp();
  const loginCall = useLogin();
  const loginVerifyCall = useLoginVerify();
  const requestResetCall = useRequestPasswordReset();
  const resetCall = usePasswordReset();

  useEffect(
    () => () => {
      if (pendingTimer.current) clearTimeout(pendingTimer.current);
    },
    [],
  );

  const later = (ms: number, action: () => void) => {
    if (pendingTimer.current) clearTimeout(pendingTimer.current);
    pendingTimer.current = setTimeout(() => {
      pendingTimer.current = null;
      action();
    }, ms);
  };

  /** Spec §4: switching mode resets all fields and errors. */
  const switchMode = (next: AuthMode, { keepBanner = false } = {}) => {
    setMode(next);
    setStep(1);
    setCredentials(null);
    setFinishing(false);
    setFormKey((key) => key + 1);
    showPopup(null);
    if (!keepBanner) showBanner(null);
  };

  const resend = async () => {
    if (!credentials) return;
    showPopup(null);
    try {
      if (mode === 'register') {
        const body: RegisterBody = { email: credentials.email, password: credentials.password };
        if (credentials.referralCode) body.referral_code = credentials.referralCode;
        await registerCall.mutateAsync(body);
      } else if (mode === 'login') {
        await loginCall.mutateAsync({ email: credentials.email, password: credentials.password });
      } else {
        await requestResetCall.mutateAsync({ email: credentials.email });
      }
      notify.success(CODE_RESENT_TEXT);
    } catch (error) {
      const state = readError(error);
      showPopup(state.popup ?? Object.values(state.fields).join(' '));
    }
  };

  const sendRegisterCode = async (body: RegisterBody) => {
    await registerCall.mutateAsync(body);
    setCredentials({ email: body.email, password: body.password, referralCode: body.referral_code });
    setStep(2);
  };

  const verifyRegistration = async (otp: string) => {
    if (!credentials) return;
    await verifyOtpCall.mutateAsync({ email: credentials.email, otp, password: credentials.password });
    setFinishing(true);
    showBanner(AUTH_SUCCESS_TEXT);
    later(POST_REGISTRATION_REDIRECT_MS, () => navigate(HOME_PATH));
  };

  const sendLoginCode = async (body: LoginRequest) => {
    await loginCall.mutateAsync(body);
    setCredentials({ email: body.email, password: body.password });
    setStep(2);
  };

  const verifyLogin = async (otp: string) => {
    if (!credentials) return;
    await loginVerifyCall.mutateAsync({
      email: credentials.email,
      code_otp: otp,
      password: credentials.password,
    });
    setFinishing(true);
    navigate(HOME_PATH);
  };

  const sendResetCode = async ({ email }: { email: string }) => {
    await requestResetCall.mutateAsync({ email });
    setCredentials({ email, password: '' });
    setStep(2);
  };

  const resetPassword = async (body: PasswordResetRequest) => {
    await resetCall.mutateAsync(body);
    setFinishing(true);
    showBanner(AUTH_SUCCESS_TEXT);
    later(POST_RESET_RETURN_MS, () => switchMode('login', { keepBanner: true }));
  };

  const backToStepOne = () => {
    setStep(1);
    showPopup(null);
    setFormKey((key) => key + 1);
  };

  const copy = COPY[mode][step];
  const email = credentials?.email ?? '';

  let body: ReactNode;
  if (mode === 'register' && step === 1) {
    body = (
      <RegisterDetailsForm
        defaults={
          credentials
            ? { email, password: credentials.password, referral_code: credentials.referralCode ?? '' }
            : referralCode
              ? { referral_code: referralCode }
              : undefined
        }
        onSubmit={sendRegisterCode}
        showPopup={showPopup}
      />
    );
  } else if (mode === 'login' && step === 1) {
    body = (
      <LoginDetailsForm
        defaults={credentials ? { email, password: credentials.password } : undefined}
        onSubmit={sendLoginCode}
        onForgotPassword={() => switchMode('forgot')}
        showPopup={showPopup}
      />
    );
  } else if (mode === 'forgot' && step === 1) {
    body = (
      <ForgotEmailForm
        defaults={credentials ? { email } : undefined}
        onSubmit={sendResetCode}
        showPopup={showPopup}
      />
    );
  } else if (mode === 'forgot') {
    body = (
      <ForgotResetForm
        email={email}
        code={passwordSetup?.email === email ? passwordSetup.code : undefined}
        onSubmit={resetPassword}
        onResend={resend}
        showPopup={showPopup}
        disabled={finishing}
      />
    );
  } else {
    body = (
      <OtpCodeForm
        onSubmit={mode === 'register' ? verifyRegistration : verifyLogin}
        onResend={resend}
        showPopup={showPopup}
        submitLabel={mode === 'register' ? 'Подтвердить и создать аккаунт' : 'Войти'}
        disabled={finishing}
      />
    );
  }

  const header =
    mode === 'forgot' || step === 2 ? (
      <button
        type="button"
        onClick={mode === 'forgot' && step === 1 ? () => switchMode('login') : backToStepOne}
        className="tap-area mb-4 -ml-1 inline-flex items-center gap-1.5 rounded-md px-1 text-small font-medium text-gray-500 transition hover:text-gray-900"
        disabled={finishing}
      >
        <ArrowLeft size={15} />
        {mode === 'forgot' && step === 1 ? 'Назад ко входу' : 'Назад'}
      </button>
    ) : (
      <Tabs
        value={mode}
        onValueChange={(value) => switchMode(value as AuthMode)}
        className="mb-5"
        activationMode="manual"
      >
        <TabsList className="w-full" aria-label="Вход или регистрация">
          <TabsTrigger value="login">
            <LogIn size={15} /> Вход
          </TabsTrigger>
          <TabsTrigger value="register">
            <UserPlus size={15} /> Регистрация
          </TabsTrigger>
        </TabsList>
      </Tabs>
    );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={copy.title}
      description={copy.description(email)}
      header={header}
      size="md"
      dismissOnOutsideClick={step === 1}
    >
      <div className="flex flex-col gap-4" data-testid="auth-modal" data-mode={mode} data-step={step}>
        {banner ? (
          <Alert tone="success" role="status" title={banner}>
            {mode === 'login' ? 'Теперь войдите с новым паролем.' : null}
          </Alert>
        ) : null}
        {popup ? (
          <Alert tone="warning" role="alert" data-testid="auth-popup">
            {popup}
          </Alert>
        ) : null}
        <div key={`${mode}-${step}-${formKey}`}>{body}</div>
        {mode === 'forgot' ? null : (
          <p className="flex items-center justify-center gap-1.5 text-center text-caption text-gray-500">
            <KeyRound size={12} /> Вход защищён одноразовым кодом из письма
          </p>
        )}
      </div>
    </Modal>
  );
}
