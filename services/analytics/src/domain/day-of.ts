/** The UTC day of an instant, `YYYY-MM-DD`: the key every daily count is kept under. */
export const dayOf = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);
