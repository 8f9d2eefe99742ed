import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResult } from '#metadata';
import {
  clearReturnPath,
  getReturnPath,
  requestLogin,
  useSession,
  type SignInRequest,
} from '#platform/ui';
import { errorMessage, refusalMessage, type LoginMessage } from './login-message';
import { postLoginPath } from './post-login-path';

export type Credentials = Omit<SignInRequest, 'captcha'>;

export interface SignIn {
  /** A request is running: the form is locked. */
  busy: boolean;
  message: LoginMessage | null;
  /** The server asked for a captcha; attempts need a verified payload. */
  captchaRequired: boolean;
  /** Changes after each captcha attempt, so the widget starts again (payloads are single use). */
  captchaRound: number;
  setCaptcha: (payload: string | null) => void;
  signIn: (credentials: Credentials) => Promise<void>;
}

/**
 * The sign-in flow of the login screen: one attempt at a time, the captcha once the server
 * wants it, then the session, then the saved return path.
 */
export function useSignIn(): SignIn {
  const navigate = useNavigate();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<LoginMessage | null>(null);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);

  const finish = (next: LoginMessage) => {
    setMessage(next);
    setBusy(false);
    running.current = false;
  };

  const enterSession = async () => {
    await useSession.getState().load();
    const { user } = useSession.getState();
    if (!user) return finish({ key: 'PAGES.LOGIN.SESSION_FAILED' });
    const target = postLoginPath(getReturnPath(), user);
    clearReturnPath();
    await navigate(target, { replace: true });
  };

  const signIn = async (credentials: Credentials) => {
    if (running.current) return;
    if (captchaRequired && !captcha) return setMessage({ key: 'PAGES.LOGIN.CAPTCHA_REQUIRED' });
    running.current = true;
    setBusy(true);
    setMessage(null);
    let result: LoginResult;
    try {
      result = await requestLogin({ ...credentials, captcha });
    } catch (error) {
      return finish(errorMessage(error));
    } finally {
      if (captcha) {
        setCaptcha(null);
        setCaptchaRound((round) => round + 1);
      }
    }
    if (result.CaptchaRequired) setCaptchaRequired(true);
    if (!result.Succeeded) return finish(refusalMessage(result));
    await enterSession();
  };

  return { busy, message, captchaRequired, captchaRound, setCaptcha, signIn };
}
