// Add-to-calendar dialog: an .ics file to download and a Google Calendar
// link, for a schedule (the file written here) or a booking (the server's).
import { useEffect, useMemo } from 'react';
import { Dialog } from '../../ui/dialog';
import { buttonColumn } from '../../ui/button';
import { icsFile, googleCalendarUrl, type CalendarTarget } from '../calendar';
import { dialogs as t } from '../../strings/zh-hant-catalogue';
import type { DialogProps } from '../ui-state';

function links(target: CalendarTarget): { title: string; ics: string; google: string; file?: string; blob: boolean } {
  if ('icsUrl' in target) return { title: target.title, ics: target.icsUrl, google: target.googleUrl, blob: false };
  const e = target.event;
  const ics = URL.createObjectURL(new Blob([icsFile(e, new Date())], { type: 'text/calendar;charset=utf-8' }));
  return { title: e.title, ics, google: googleCalendarUrl(e), file: 'schedule-' + e.uid.split('@')[0] + '.ics', blob: true };
}

export default function CalendarDialog({ args, onClose }: DialogProps<'calendar'>) {
  const l = useMemo(() => links(args), [args]);
  useEffect(() => () => (l.blob ? URL.revokeObjectURL(l.ics) : undefined), [l]);
  return (
    <Dialog title={t.calendarTitle} onClose={onClose} testId="calendar-dialog">
      <p style={{ marginBottom: 14 }}>{l.title}</p>
      <div className={buttonColumn}>
        <a href={l.ics} download={l.file ?? true} data-testid="ics-link">
          <span>
            {t.ics}
            <small>{t.icsHint}</small>
          </span>
        </a>
        <a href={l.google} target="_blank" rel="noopener" data-testid="google-calendar-link">
          {t.google}
        </a>
      </div>
    </Dialog>
  );
}
