// Words built from names, in one place until the message catalogue takes them over (decision 061).

/** "Soweto Greens’", "Thandi’s": a name ending in s takes the apostrophe alone. */
export const possessive = (name: string) => (/s$/i.test(name.trim()) ? `${name}’` : `${name}’s`);
