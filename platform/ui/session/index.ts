export {
  createIdleTimer,
  type IdleScheduler,
  type IdleTimer,
  type IdleTimerOptions,
} from './idle-timer';
export { useIdleSession, type IdleSessionOptions } from './use-idle-session';
