/** The deliveries module's door: what other parts of the server may use. */
export { locateDelivery } from './state/location';
export { recomputeDeliveries } from './state/recompute';
