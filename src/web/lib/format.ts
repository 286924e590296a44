// How the farm reads numbers and times: crates with thousands separators, relative times.
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

// Counts and "1 crate" / "2 crates" are shared with the server's texts.
export { crates, formatCount, plural } from '../../shared/counts.ts';
export const fromNow = (when: string | Date) => dayjs(when).fromNow();
export const formatDateTime = (when: string | Date) => dayjs(when).format('D MMM YYYY, HH:mm');
export const formatDate = (when: string | Date) => dayjs(when).format('D MMM YYYY');
