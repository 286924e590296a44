// How the farm reads numbers and times: crates with thousands separators, relative times.
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

const crateFormat = new Intl.NumberFormat('en-ZA');
export const formatCount = (n: number) => crateFormat.format(n);
export const fromNow = (when: string | Date) => dayjs(when).fromNow();
export const formatDateTime = (when: string | Date) => dayjs(when).format('D MMM YYYY, HH:mm');
export const formatDate = (when: string | Date) => dayjs(when).format('D MMM YYYY');
