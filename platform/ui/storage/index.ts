export { readFresh, useFreshState, writeStamped } from './fresh-storage';
