import { vi } from 'vitest';
import { defaultMenu, type CurrentUser, type LoginResult } from '#metadata';
import type { LoginOptions } from '#platform/ui';
import { aSignedInUser } from './fixtures';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  /** `performance.now()` when the request left. */
  at: number;
}

type LoginAnswer = LoginResult | Response;

const succeeded: LoginResult = { Succeeded: true, CaptchaRequired: false };

/**
 * The auth endpoints as a browser test sees them, through a stubbed `fetch` answering with
 * real `Response` objects. Sign-in succeeds unless told otherwise; a success signs in
 * `userAfterSignIn`.
 */
export class FakeAuthServer {
  user: CurrentUser | null = null;
  userAfterSignIn: CurrentUser = aSignedInUser();
  /** The permissions answer, or a failing response. */
  permissions: string[] | Response = [];
  loginOptions: LoginOptions = { DemoAccounts: [], DemoPassword: null };
  readonly requests: RecordedRequest[] = [];
  private readonly answers: Array<LoginAnswer | Promise<LoginAnswer>> = [];
  private logoutHeld: Promise<void> | null = null;

  readonly fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    this.requests.push({ method, path: url.pathname, body, at: performance.now() });
    return this.answer(method, url.pathname);
  });

  /** Queues answers for the next sign-in attempts, in order. */
  answerLogin(...answers: LoginAnswer[]): this {
    this.answers.push(...answers);
    return this;
  }

  /** Holds the next sign-in attempt until `release` is called with its answer. */
  holdLogin(): (answer: LoginAnswer) => void {
    let release: (answer: LoginAnswer) => void = () => {};
    this.answers.push(new Promise((resolve) => (release = resolve)));
    return (answer) => release(answer);
  }

  /** Holds logout answers until `release` is called, as a slow server would. */
  holdLogout(): () => void {
    let release = () => {};
    this.logoutHeld = new Promise((resolve) => (release = resolve));
    return () => release();
  }

  /** Requests to one path, e.g. `/api/auth/login`. */
  to(path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  private async answerSignIn(): Promise<Response> {
    const answer = (await this.answers.shift()) ?? succeeded;
    if (answer instanceof Response) return answer;
    if (answer.Succeeded) this.user = this.userAfterSignIn;
    return Response.json(answer);
  }

  private async answer(method: string, path: string): Promise<Response> {
    switch (`${method} ${path}`) {
      case 'POST /api/auth/login':
      case 'POST /api/auth/LoginWithRecaptcha':
        return this.answerSignIn();
      case 'GET /api/users/GetCurrentUser':
        return Response.json(this.user);
      case 'POST /api/auth/permissions':
        return this.permissions instanceof Response
          ? this.permissions.clone()
          : Response.json(this.permissions);
      case 'GET /api/auth/LoginOptions':
        return Response.json(this.loginOptions);
      case 'POST /api/auth/logout':
        await this.logoutHeld;
        this.user = null;
        return new Response(null, { status: 204 });
      case 'GET /api/menu/GetMenu':
        return Response.json(defaultMenu);
      default:
        return new Response(null, { status: 404 });
    }
  }
}
