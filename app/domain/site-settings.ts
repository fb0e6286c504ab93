/** The newsroom's settings as their history records them (the Settings tab's "Recent changes"). */

/** One changed field of a save, as the history keeps it: its value before and after. */
export interface SettingChange {
  key: string;
  from: string | number;
  to: string | number;
}
