export { type Caller, callerMay } from '../../../engine/caller';
