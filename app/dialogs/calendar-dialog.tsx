// Add-to-calendar dialog: an .ics file to download and a Google Calendar
// link for one schedule.
import { useMemo } from 'react';
import { Dialog } from '../ui/dialog';
import { buttonColumn } from '../ui/button';
import { icsFile, googleCalendarUrl, type CalendarEvent } from '../features/catalogue/calendar';
import { dialogs as t } from '../strings/zh-hant-catalogue';

export default function CalendarDialog({ event, onClose }: { event: CalendarEvent; onClose: () => void }) {
  const href = useMemo(() => URL.createObjectURL(new Blob([icsFile(event, new Date())], { type: 'text/calendar;charset=utf-8' })), [event]);
  return (
    <Dialog title={t.calendarTitle} onClose={onClose} testId="calendar-dialog">
      <p style={{ marginBottom: 14 }}>{event.title}</p>
      <div className={buttonColumn}>
        <a href={href} download={'schedule-' + event.uid.split('@')[0] + '.ics'} data-testid="ics-link">
          <span>
            {t.ics}
            <small>{t.icsHint}</small>
          </span>
        </a>
        <a href={googleCalendarUrl(event)} target="_blank" rel="noopener" data-testid="google-calendar-link">
          {t.google}
        </a>
      </div>
    </Dialog>
  );
}
