// The produce lists' request and answer (decision 068), for the server and the Settings card.
import { z } from 'zod';
import { fieldMessages, isOneLine, isStorableText } from './fields-labels.ts';
import {
  produceListMessages as m,
  OTHER_CHOICE,
  PRODUCE_ENTRY_MAX,
  PRODUCE_LIST_MAX,
  type ProduceListName,
} from './produce-lists.ts';

/** One list: each entry one line, trimmed, 1–100 characters; 1–50 entries; none twice (any case), not "Other". */
const produceList = (list: ProduceListName) =>
  z
    .array(
      z
        .string({ error: m.blank(list) })
        .refine(isStorableText, fieldMessages.badCharacters)
        .refine(isOneLine, fieldMessages.lineBreak)
        .trim()
        .min(1, m.blank(list))
        .max(PRODUCE_ENTRY_MAX, m.tooLong(list)),
      { error: m.empty(list) },
    )
    .min(1, m.empty(list))
    .max(PRODUCE_LIST_MAX, m.tooMany(list))
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const key = entry.toLocaleLowerCase('en-ZA');
        if (key === OTHER_CHOICE.toLowerCase()) ctx.addIssue({ code: 'custom', message: m.other, path: [index] });
        else if (seen.has(key)) ctx.addIssue({ code: 'custom', message: m.twice(entry), path: [index] });
        seen.add(key);
      });
    });

/** PUT /api/farm-store/produce-lists, and GET's answer. */
export const produceListsBody = z.strictObject({
  produceTypes: produceList('produceTypes'),
  qualities: produceList('qualities'),
});

export const produceListsResponse = z.object({
  produceTypes: z.array(z.string()),
  qualities: z.array(z.string()),
});
