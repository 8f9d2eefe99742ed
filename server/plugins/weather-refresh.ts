import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRefreshTask } from '../services/weather/refresh-task';

export interface WeatherRefreshPluginOptions {
  /** False in tests unless a test asks for it, and on instances told not to refresh. */
  enabled: boolean;
}

/** Refreshes cached forecasts in the background from ready to close. */
export const weatherRefreshPlugin = fp<WeatherRefreshPluginOptions>(
  async (app: FastifyInstance, { enabled }) => {
    if (!enabled) return;
    const task = createRefreshTask({ db: app.db, log: app.log.child({ task: 'weather-refresh' }) });
    app.addHook('onReady', async () => task.start());
    app.addHook('onClose', () => task.stop());
  },
  { name: 'weather-refresh', dependencies: ['database'] },
);
