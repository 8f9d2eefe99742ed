import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module';
import { templateHooks } from './entity-hooks';
import { emailTemplateRoutes } from './routes/email-templates';
import { templateSampleRoutes } from './routes/template-samples';

/** E-mail templates: the texts of the mails the application sends, per language. */
export const templatesModule: ServerModule = {
  name: 'templates',
  entityHooks: { Templates: templateHooks },
  async routes(app: FastifyInstance) {
    await app.register(emailTemplateRoutes);
    await app.register(templateSampleRoutes);
  },
};
