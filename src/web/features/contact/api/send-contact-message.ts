// POST /api/contact: a visitor's message to the farm (public, rate limited per address).
import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '../../../../shared/contact.ts';
import { api } from '../../../lib/api-client.ts';

export const CONTACT_PATH = '/api/contact';

export const sendContactMessage = (body: ContactBody) => api.post<{ id: number; message: string }>(CONTACT_PATH, body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
