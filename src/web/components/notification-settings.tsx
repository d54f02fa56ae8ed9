import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  NOTIFICATION_SWITCHES,
  type TNotificationAudience,
  type TNotificationPreferences,
  type TNotificationSwitch,
} from '../../shared/notifications.js';
import type { TPushSubscriptionRequest } from '../../shared/push-subscriptions.js';
import { usePublicConfig } from '../lib/public-config.js';
import { readApiError } from '../lib/read-api-error.js';
import {
  currentPushSubscription,
  PushPermissionDenied,
  pushSupport,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../lib/web-push.js';
import { Button } from './ui/button.js';
import { Card, CardDescription, CardTitle } from './ui/card.js';
import { LoadFailedAlert } from './ui/load-failed-alert.js';
import { LoadingStatus } from './ui/loading-status.js';
import { Skeleton } from './ui/skeleton.js';
import { Spinner } from './ui/spinner.js';

/** How the section reaches the server: the student's API or the console's, by the same contract. */
export interface NotificationSettingsApi {
  queryKey: readonly unknown[];
  readPreferences: () => Promise<TNotificationPreferences>;
  savePreferences: (body: TNotificationPreferences) => Promise<TNotificationPreferences>;
  subscribe: (subscription: TPushSubscriptionRequest) => Promise<void>;
  unsubscribe: (endpoint: string) => Promise<void>;
}

export const NOTIFICATION_TEXTS = {
  loadFailed: 'Your notification settings could not be loaded.',
  saveFailed: 'That change was not saved. Please try again.',
  saved: 'Saved.',
  securityAlwaysSent:
    'Security notices (a new passkey on your account, access revoked) are always sent by e-mail.',
  pushOn: 'Push notifications are on for this device.',
  pushOff: 'Push notifications are off for this device.',
  turnOn: 'Turn on push notifications on this device',
  turnOff: 'Turn off push notifications on this device',
  unsupported: 'This browser cannot receive push notifications.',
  installFirst:
    'On iPhone and iPad, push notifications work only in the installed app: add the portal to your Home Screen, open it from there, and turn them on.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  pushFailed: 'Push notifications could not be turned on. Please try again.',
} as const;

/** What each audience's switches are called: a category, by channel. */
const CATEGORY_LABELS: Record<TNotificationAudience, Partial<Record<string, string>>> = {
  student: {
    messages: 'Messages from your school',
    status: 'Application status and documents',
    reminders: 'Reminders before a due date',
  },
  staff: {
    digest: 'Daily digest of students’ messages and documents',
    messages: 'A student wrote',
    status: 'A document waits for review',
  },
};
const CHANNEL_LABELS = { email: 'by e-mail', push: 'by push notification' } as const;

const switchLabel = (audience: TNotificationAudience, s: TNotificationSwitch) =>
  `${CATEGORY_LABELS[audience][s.category] ?? s.category} ${CHANNEL_LABELS[s.channel]}`;

/**
 * The "Notifications" section (issue 25): each switch of the person's audience as a checkbox,
 * saved as it changes; the line that security notices are always sent; and push on this device,
 * which asks the browser's permission only when the person presses the button.
 */
export function NotificationSettings({
  audience,
  api,
}: {
  audience: TNotificationAudience;
  api: NotificationSettingsApi;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: api.queryKey, queryFn: api.readPreferences });
  const save = useMutation({
    mutationFn: api.savePreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(api.queryKey, saved);
    },
  });
  const enabled = (s: TNotificationSwitch) =>
    preferences.data?.preferences.find((p) => p.category === s.category && p.channel === s.channel)
      ?.enabled ?? true;

  return (
    <Card className="gap-5 p-5 sm:p-6" role="region" aria-labelledby={titleId}>
      <div className="grid gap-1">
        <CardTitle id={titleId}>Notifications</CardTitle>
        <CardDescription>Choose what the portal tells you, and how.</CardDescription>
      </div>
      {preferences.isError ? (
        <LoadFailedAlert
          title={NOTIFICATION_TEXTS.loadFailed}
          onRetry={() => void preferences.refetch()}
        />
      ) : preferences.isPending ? (
        // The switches' rows, one a line, so the lines below stay put when they land.
        <div className="grid gap-3">
          <LoadingStatus className="min-h-11">Loading your notification settings…</LoadingStatus>
          {NOTIFICATION_SWITCHES[audience].slice(1).map((s) => (
            <Skeleton key={`${s.category}:${s.channel}`} className="h-11" />
          ))}
        </div>
      ) : (
        <fieldset className="grid gap-3" disabled={save.isPending}>
          <legend className="sr-only">What you are told</legend>
          {NOTIFICATION_SWITCHES[audience].map((s) => (
            <SwitchRow
              key={`${s.category}:${s.channel}`}
              label={switchLabel(audience, s)}
              checked={enabled(s)}
              onChange={(checked) => {
                save.mutate({ preferences: [{ ...s, enabled: checked }] });
              }}
            />
          ))}
        </fieldset>
      )}
      <p role="status" className="text-sm">
        {save.isError ? (
          <span className="text-destructive">
            {readApiError(save.error)?.message ?? NOTIFICATION_TEXTS.saveFailed}
          </span>
        ) : save.isSuccess ? (
          <span className="text-success">{NOTIFICATION_TEXTS.saved}</span>
        ) : null}
      </p>
      <p className="text-sm text-muted-foreground">{NOTIFICATION_TEXTS.securityAlwaysSent}</p>
      <PushOnThisDevice api={api} />
    </Card>
  );
}

function SwitchRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      {/* The label takes the row's 44px height: a tap beside the small box still toggles it. */}
      <label htmlFor={id} className="flex min-h-11 flex-1 items-center text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

type PushState = 'checking' | 'on' | 'off';

/** Push on this device: its state, the button that turns it on or off, and why it cannot be. */
function PushOnThisDevice({ api }: { api: NotificationSettingsApi }) {
  const support = pushSupport();
  const config = usePublicConfig();
  const [state, setState] = useState<PushState>('checking');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let current = true;
    void currentPushSubscription().then(
      (subscription) => {
        if (current) setState(subscription ? 'on' : 'off');
      },
      () => {
        if (current) setState('off');
      },
    );
    return () => {
      current = false;
    };
  }, [support]);

  const change = useMutation({
    mutationFn: async (turnOn: boolean) => {
      if (!turnOn) {
        const endpoint = await unsubscribeThisDevice();
        if (endpoint) await api.unsubscribe(endpoint);
        return 'off' as const;
      }
      const key = config.data?.vapidPublicKey;
      if (!key) throw new Error('the server has not said its push key yet');
      await api.subscribe(await subscribeThisDevice(key));
      return 'on' as const;
    },
    onMutate: () => {
      setProblem(null);
    },
    onSuccess: setState,
    onError: (error) => {
      setProblem(
        error instanceof PushPermissionDenied
          ? NOTIFICATION_TEXTS.denied
          : NOTIFICATION_TEXTS.pushFailed,
      );
    },
  });

  if (support !== 'supported') {
    return (
      <p className="text-sm text-muted-foreground">
        {support === 'install-first'
          ? NOTIFICATION_TEXTS.installFirst
          : NOTIFICATION_TEXTS.unsupported}
      </p>
    );
  }
  const on = state === 'on';
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm">
        {state === 'checking' ? '' : on ? NOTIFICATION_TEXTS.pushOn : NOTIFICATION_TEXTS.pushOff}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div>
        <Button
          variant={on ? 'outline' : 'default'}
          size="lg-auto"
          wrap
          className="self-start"
          disabled={state === 'checking' || config.isPending}
          aria-busy={change.isPending}
          onClick={() => {
            if (!change.isPending) change.mutate(!on);
          }}
        >
          {change.isPending ? (
            <Spinner size="sm" />
          ) : on ? (
            <BellOff aria-hidden="true" />
          ) : (
            <BellRing aria-hidden="true" />
          )}
          {on ? NOTIFICATION_TEXTS.turnOff : NOTIFICATION_TEXTS.turnOn}
        </Button>
      </div>
    </div>
  );
}
