import type { FastifyRequest } from 'fastify';
import { deliveryEntity } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { accessById } from '../../../engine/routes/caller';

export const deliveryNotFound = () => new AppError('NotFound', 'The delivery does not exist.');

/** The request's caller's access to deliveries, with the delivery hooks. */
export const deliveryAccess = (request: FastifyRequest) => accessById(request, deliveryEntity.id);
