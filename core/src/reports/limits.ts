/** The manager's note of a report: at most this many characters (the `reports.note` CHECK). */
export const REPORT_NOTE_MAX = 2000;
