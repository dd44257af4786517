import { NOTIFICATION_MESSAGES } from '@hit21/core';
import { ChevronDown, TriangleAlert, Volume2 } from 'lucide-react';
import { Accordion, Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast.ts';
import { BROWSER_INSTRUCTIONS } from '../browser/browser-instructions.ts';
import {
  type BrowserPermission,
  requestBrowserPermission,
  useBrowserPermission,
} from '../browser/browser-permission.ts';
import { detectBrowser } from '../browser/detect-browser.ts';
import { useNotificationNavigation } from '../browser/notification-navigation.ts';
import {
  setBrowserNotificationsEnabled,
  setNotificationSoundEnabled,
  useNotificationPreferences,
} from '../browser/notification-preferences.ts';
import { playNotificationSound } from '../browser/notification-sound.ts';

export interface NotificationSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Browser notifications and their sound on this device: the switch asks the browser's
 * permission, a warning says when the browser blocks them, and each browser's steps to allow
 * them sit below (the player's own browser open first).
 */
export function NotificationSettingsDialog({ open, onOpenChange }: NotificationSettingsDialogProps) {
  // Mounted with the bell for as long as the player is signed in, under the router: a click on
  // a browser notification navigates through it.
  useNotificationNavigation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Notification Settings</DialogTitle>
          <DialogDescription>
            Join requests and goal alerts always appear under the bell. Choose whether this browser also shows
            them on your screen.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so the browser is asked about its state each time. */}
        {open ? <NotificationSettings /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NotificationSettings() {
  const permission = useBrowserPermission();
  const preferences = useNotificationPreferences();
  const [isRequesting, setIsRequesting] = useState(false);
  const isEnabled = preferences.isBrowserEnabled && permission === 'granted';

  async function handleBrowserChange(shouldEnable: boolean) {
    if (!shouldEnable) {
      setBrowserNotificationsEnabled(false);
      // Hit21 stops showing them; only the browser can take the permission back.
      if (permission === 'granted') toast.info(settingsRequired('disable'));
      return;
    }
    if (permission === 'granted') {
      setBrowserNotificationsEnabled(true);
      return;
    }
    if (permission === 'denied') {
      toast.warning(settingsRequired('denied'));
      return;
    }
    setIsRequesting(true);
    try {
      const answer = await requestBrowserPermission();
      if (answer === 'granted') setBrowserNotificationsEnabled(true);
      else if (answer === 'denied') toast.warning(settingsRequired('denied'));
    } catch {
      toast.error({
        title: NOTIFICATION_MESSAGES.permissionError.title,
        message: NOTIFICATION_MESSAGES.permissionError.description,
      });
    } finally {
      setIsRequesting(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <PermissionWarning permission={permission} />
      <SettingSwitch
        label="Browser notifications"
        description="Shows each new notification on your screen, even when Hit21 is in another tab."
        checked={isEnabled}
        stateText={isEnabled ? 'Enabled' : 'Disabled'}
        disabled={permission === 'unsupported'}
        busy={isRequesting}
        onCheckedChange={(checked) => void handleBrowserChange(checked)}
      />
      <div className="flex flex-col gap-3 border-line border-t pt-5">
        <SettingSwitch
          label="Notification sound"
          description="A short three-tone beep with each browser notification."
          checked={preferences.isSoundEnabled}
          stateText={preferences.isSoundEnabled ? 'On' : 'Off'}
          onCheckedChange={setNotificationSoundEnabled}
        />
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => void playNotificationSound()}
        >
          <Volume2 aria-hidden="true" />
          Test sound
        </Button>
      </div>
      <BrowserSteps />
    </div>
  );
}

function settingsRequired(reason: 'denied' | 'disable') {
  return {
    title: NOTIFICATION_MESSAGES.browserSettingsRequired.title,
    message: NOTIFICATION_MESSAGES.browserSettingsRequired[reason],
  };
}

function PermissionWarning({ permission }: { permission: BrowserPermission }) {
  if (permission !== 'denied' && permission !== 'unsupported') return null;
  const isBlocked = permission === 'denied';
  return (
    <div
      data-testid="notification-permission-warning"
      className="flex gap-3 rounded-xl bg-warning-100 p-4 text-ink text-sm ring-1 ring-warning-500/40 ring-inset"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning-700" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          {isBlocked
            ? 'Your browser blocks notifications from Hit21'
            : "This browser can't show notifications"}
        </p>
        <p>
          {isBlocked
            ? `${NOTIFICATION_MESSAGES.browserSettingsRequired.denied} The steps for your browser are below.`
            : 'Join requests and goal alerts still appear under the bell. To see them on your screen, open Hit21 in a browser listed below.'}
        </p>
      </div>
    </div>
  );
}

interface SettingSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  /** Said beside the switch, e.g. Enabled or Disabled. */
  stateText: string;
  disabled?: boolean;
  busy?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

function SettingSwitch({
  label,
  description,
  checked,
  stateText,
  disabled = false,
  busy = false,
  onCheckedChange,
}: SettingSwitchProps) {
  const switchId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={switchId} className="text-base">
          {label}
        </Label>
        <p id={descriptionId} className="text-muted text-sm">
          {description}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <span
          aria-hidden="true"
          className={checked ? 'font-semibold text-pitch-800 text-sm' : 'text-muted text-sm'}
        >
          {stateText}
        </span>
        <Switch.Root
          id={switchId}
          checked={checked}
          disabled={disabled}
          onCheckedChange={(next) => {
            // One request at a time; the switch keeps focus (a disabled switch would drop it).
            if (!busy) onCheckedChange(next);
          }}
          aria-describedby={descriptionId}
          aria-busy={busy || undefined}
          className="group relative inline-flex h-11 w-16 shrink-0 cursor-pointer items-center rounded-full disabled:cursor-not-allowed disabled:opacity-50"
        >
          {/* The visible track is smaller than the 44 px target around it. */}
          <span
            aria-hidden="true"
            className="absolute inset-x-1 inset-y-2 rounded-full bg-stone-400 transition-colors group-data-[state=checked]:bg-pitch-700 motion-reduce:transition-none"
          />
          <Switch.Thumb className="relative ml-2 block size-5 rounded-full bg-white shadow-md transition-transform data-[state=checked]:translate-x-6 motion-reduce:transition-none" />
        </Switch.Root>
      </div>
    </div>
  );
}

function BrowserSteps() {
  const headingId = useId();
  const [openBrowser, setOpenBrowser] = useState(() => detectBrowser(navigator.userAgent));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-display font-semibold text-lg uppercase tracking-wide">
        Allow notifications in your browser
      </h3>
      <Accordion.Root
        type="single"
        collapsible
        value={openBrowser}
        onValueChange={(value) => setOpenBrowser(value as typeof openBrowser)}
        className="flex flex-col divide-y divide-line rounded-xl ring-1 ring-line"
      >
        {BROWSER_INSTRUCTIONS.map((browser) => (
          <Accordion.Item key={browser.kind} value={browser.kind}>
            <Accordion.Header asChild>
              <h4>
                <Accordion.Trigger className="group flex min-h-11 w-full items-center justify-between gap-3 px-4 py-2 text-left font-semibold hover:bg-stone-50">
                  <span>{browser.name}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                  />
                </Accordion.Trigger>
              </h4>
            </Accordion.Header>
            <Accordion.Content className="px-4 pb-4">
              <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm">
                {browser.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
