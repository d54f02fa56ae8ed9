import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MOI_FALLBACK_QUESTIONS,
  MOI_MESSAGES,
  type TMoiAnswersRequest,
} from '../../../../shared/moi.js';
import { json } from '../../../test/fake-fetch.js';
import {
  acceptUpload,
  applicantData,
  fileIdOf,
  QUESTIONS,
  renderMoi,
  SESSION_ID,
  student,
} from '../test/moi-fixtures.js';

type Rendered = ReturnType<typeof renderMoi>;

let current: Rendered | null = null;
function open(...args: Parameters<typeof renderMoi>) {
  current = renderMoi(...args);
  return current;
}
afterEach(() => {
  current?.media.uninstall();
  current = null;
  vi.useRealTimers();
});

const heading = (name: string | RegExp) => screen.findByRole('heading', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

async function startInterview(user: UserEvent) {
  const start = await screen.findByRole('button', { name: 'Start Interview Process' });
  await waitFor(() => {
    expect(disabled(start)).toBe(false);
  });
  await user.click(start);
  await heading(QUESTIONS[0]?.text ?? '');
}

/** Start Recording, Stop Recording, and wait for the take to show. */
async function recordTake(user: UserEvent, question: number) {
  await user.click(button('Start Recording'));
  await user.click(button('Stop Recording'));
  await screen.findByLabelText(`Your answer to question ${question}`);
}

async function recordAllThree(user: UserEvent) {
  await startInterview(user);
  for (const [n, next] of [
    [1, 'Next Question'],
    [2, 'Next Question'],
    [3, 'Review Answers'],
  ] as const) {
    await heading(QUESTIONS[n - 1]?.text ?? '');
    await recordTake(user, n);
    await user.click(button(next));
  }
  await heading('Review Your Answers');
}

const answersSent = (sent: Rendered['sent']) =>
  sent
    .filter((r) => r.method === 'POST' && r.url === '/api/moi/answers')
    .map((r) => JSON.parse(r.body ?? '{}') as TMoiAnswersRequest);

describe('who may record', () => {
  it('shows Access Restricted to a visitor without a session, its button going home', async () => {
    const { media } = open({ user: null });
    expect(await heading('Access Restricted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('sends a student who is not face-verified to the identity check from the panel', async () => {
    const { media } = open({ user: { ...student, faceVerified: false } });
    expect(await heading('Access Restricted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify Your Identity' }).getAttribute('href')).toBe(
      '/face-verification',
    );
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('shows an interview already submitted as such, without opening the camera', async () => {
    const { media } = open({
      api: { 'POST /api/applicant-data': json(applicantData('Submitted')) },
    });
    expect(await heading('MOI Submitted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    // The record said so before the camera was asked for: no permission prompt for nothing.
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('says so when the school does not require the interview', async () => {
    open({ api: { 'POST /api/applicant-data': json(applicantData('Incomplete', false)) } });
    expect(await heading('MOI Interview Not Required')).toBeTruthy();
    expect(screen.getByText(MOI_MESSAGES.notRequired)).toBeTruthy();
  });
});

describe('setup', () => {
  it('says why when the school asked for a retake, above the setup', async () => {
    const reason = 'Your second answer has no sound. Please record it again.';
    open({ api: { 'GET /api/moi/review': json({ retakeReason: reason }) } });
    const notice = await screen.findByText('Your school asked you to record the interview again');
    expect(notice.closest('[data-slot="alert"]')?.textContent).toContain(reason);
    expect(await screen.findByRole('button', { name: 'Start Interview Process' })).toBeTruthy();
  });

  it('checks access, then shows the preview, the devices and the microphone level', async () => {
    const { media } = open();
    expect(await screen.findByText('Checking camera and microphone access…')).toBeTruthy();
    const camera = await screen.findByRole('combobox', { name: 'Camera' });
    expect(
      within(camera)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Front Camera', 'USB Camera']);
    expect(
      within(screen.getByRole('combobox', { name: 'Microphone' })).getByRole('option').textContent,
    ).toBe('Built-in Microphone');
    expect(screen.getByLabelText('Camera preview').tagName).toBe('VIDEO');
    expect(media.getUserMedia).toHaveBeenCalledWith({
      video: {
        width: { ideal: 640, max: 854 },
        height: { ideal: 480, max: 480 },
        frameRate: { ideal: 15, max: 24 },
      },
      audio: {
        channelCount: 1,
        sampleRate: 48_000,
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
      },
    });
    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    await waitFor(() => {
      expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    });
    expect(meter.getAttribute('aria-valuetext')).toBe('Good');
  });

  it('without permission shows the required-access panel with help, and Try Again asks again', async () => {
    const { user, media } = open({ media: { answers: ['denied'] } });
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain(MOI_MESSAGES.accessRequired);
    expect(panel.textContent).toContain(MOI_MESSAGES.cameraFailed);
    // The installed app has no address bar: its own steps, and Android's.
    for (const place of [
      'In a browser on a computer',
      'In Chrome on an Android phone',
      'In the installed app (it has no address bar)',
    ]) {
      expect(within(panel).getByRole('list', { name: place }).textContent).toContain('Camera');
    }
    expect(disabled(button('Start Interview Process'))).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('combobox', { name: 'Camera' })).toBeTruthy();
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
    expect(disabled(button('Start Interview Process'))).toBe(false);
  });

  it('opens the camera picked, and keeps the working one when a picked camera fails', async () => {
    const { user, media } = open({ media: { answers: ['granted', 'granted', 'not-found'] } });
    const camera = await screen.findByRole('combobox', { name: 'Camera' });

    await user.selectOptions(camera, 'USB Camera');
    await waitFor(() => {
      expect(media.streams).toHaveLength(2);
    });
    expect(media.getUserMedia.mock.lastCall?.[0].video.deviceId).toEqual({ exact: 'usb-camera' });
    // The first camera is let go once the second is open.
    expect(media.liveTracks().map((t) => t.deviceId)).toEqual(['usb-camera', 'built-in-mic']);

    await user.selectOptions(camera, 'Front Camera');
    expect((await screen.findByRole('alert')).textContent).toBe(MOI_MESSAGES.selectedDeviceFailed);
    expect((camera as HTMLSelectElement).value).toBe('usb-camera');
    expect(media.liveTracks().map((t) => t.deviceId)).toEqual(['usb-camera', 'built-in-mic']);
  });

  it('says so when the browser cannot record WebM, and does not start', async () => {
    open({ media: { supportedTypes: ['video/mp4'] } });
    expect(await screen.findByText(MOI_MESSAGES.unsupportedBrowser)).toBeTruthy();
    await screen.findByRole('combobox', { name: 'Camera' });
    expect(disabled(button('Start Interview Process'))).toBe(true);
  });
});

describe('recording', () => {
  it('records with the settings of spec section 9, one question at a time', async () => {
    const { user, media } = open();
    await startInterview(user);
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();

    await user.click(button('Start Recording'));
    const [recorder] = media.recorders;
    expect(recorder?.options).toEqual({
      mimeType: 'video/webm;codecs=vp9,opus',
      videoBitsPerSecond: 250_000,
      audioBitsPerSecond: 96_000,
    });
    expect(recorder?.timeslice).toBe(1000);
    expect(recorder?.state).toBe('recording');
    expect(screen.getByText('Recording')).toBeTruthy();

    await user.click(button('Stop Recording'));
    expect(recorder?.state).toBe('inactive');
    const take = await screen.findByLabelText('Your answer to question 1');
    expect(take.getAttribute('src')).toBe(media.urls.created[0]);
    expect(document.activeElement).toBe(button('Next Question'));

    await user.click(button('Record Again'));
    expect(media.urls.revoked).toEqual([media.urls.created[0]]);
    await recordTake(user, 1);
    await user.click(button('Next Question'));
    expect(await heading(QUESTIONS[1]?.text ?? '')).toBe(document.activeElement);
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
  });

  it('uses the built-in questions when the questions cannot be loaded', async () => {
    const { user } = open({ api: { 'GET /api/moi/questions': json({ message: 'down' }, 500) } });
    const start = await screen.findByRole('button', { name: 'Start Interview Process' });
    await waitFor(() => {
      expect(disabled(start)).toBe(false);
    });
    await user.click(start);
    expect(await heading(MOI_FALLBACK_QUESTIONS[0]?.text ?? '')).toBeTruthy();
  });

  it('says the questions could not be loaded only when there are none', async () => {
    const { user } = open({ api: { 'GET /api/moi/questions': json([]) } });
    const start = await screen.findByRole('button', { name: 'Start Interview Process' });
    await waitFor(() => {
      expect(disabled(start)).toBe(false);
    });
    await user.click(start);
    expect(await screen.findByText(MOI_MESSAGES.questionsUnavailable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Recording' })).toBeNull();
  });

  it('counts down, warns at 15 s left, colours the bar at 60% and 80%, and stops at 90 s', async () => {
    const { user, media } = open();
    await startInterview(user);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await user.click(button('Start Recording'));
    const countdown = () => document.querySelector('[data-slot="answer-countdown"]');
    const timer = () => countdown()?.closest('[data-tone]');
    const status = () =>
      screen
        .getAllByRole('status')
        .map((s) => s.textContent)
        .join(' ');
    expect(countdown()?.textContent).toBe('1:30');
    expect(status()).toContain('Recording. You have 90 seconds.');

    const advance = (ms: number) => {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    };
    advance(53_000);
    expect(timer()?.getAttribute('data-tone')).toBe('normal');
    advance(1_000);
    expect(timer()?.getAttribute('data-tone')).toBe('caution');
    expect(status()).toContain('1 minute left.');
    advance(18_000);
    expect(timer()?.getAttribute('data-tone')).toBe('danger');
    expect(timer()?.getAttribute('data-warning')).toBe('false');
    advance(3_000);
    expect(countdown()?.textContent).toBe('0:15');
    expect(timer()?.getAttribute('data-warning')).toBe('true');
    expect(countdown()?.className).toContain('text-red-700');
    expect(status()).toContain('15 seconds left.');
    expect(media.recorders[0]?.state).toBe('recording');

    advance(15_000);
    expect(media.recorders[0]?.state).toBe('inactive');
    vi.useRealTimers();
    expect(await screen.findByLabelText('Your answer to question 1')).toBeTruthy();
    expect(status()).toContain('Time is up. Recording stopped.');
  });

  it('Change Audio/Video Settings asks before throwing the take away, then goes back to setup', async () => {
    const { user, media } = open();
    await startInterview(user);
    await recordTake(user, 1);
    await user.click(button('Next Question'));
    await heading(QUESTIONS[1]?.text ?? '');
    await user.click(button('Start Recording'));

    await user.click(button('Change Audio/Video Settings'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this answer?' });
    expect(document.activeElement).toBe(
      within(confirm).getByRole('button', { name: 'Keep This Answer' }),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Keep This Answer' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(media.recorders[1]?.state).toBe('recording');

    await user.click(button('Change Audio/Video Settings'));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete and Change Settings',
      }),
    );

    expect(await heading('Set Up Your Camera and Microphone')).toBeTruthy();
    expect(media.recorders[1]?.state).toBe('inactive');
    // The take being recorded was thrown away: no URL was made of it.
    expect(media.urls.created).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Start Interview Process' }));
    expect(await heading(QUESTIONS[1]?.text ?? '')).toBeTruthy();
    expect(screen.queryByLabelText('Your answer to question 2')).toBeNull();
  });

  it('Change Audio/Video Settings goes straight back to setup when there is no take to lose', async () => {
    const { user } = open();
    await startInterview(user);
    await user.click(button('Change Audio/Video Settings'));
    expect(await heading('Set Up Your Camera and Microphone')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('leaving the interview', () => {
  const portalNavigation = () => screen.queryAllByRole('navigation', { name: 'Portal' });

  it('keeps the portal navigation in setup, and swaps it for Leave interview once under way', async () => {
    const { user, media } = open();
    await screen.findByRole('button', { name: 'Start Interview Process' });
    expect(portalNavigation().length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Leave interview' })).toBeNull();

    await startInterview(user);

    // The interview stays as it was under the new header: the camera open, the question focused.
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(await heading(QUESTIONS[0]?.text ?? ''));
    expect(portalNavigation()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Help' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Leave interview' })).toBeTruthy();
  });

  it('Leave interview asks first; Keep My Answers stays, Leave interview goes to the dashboard', async () => {
    const { user, media, router } = open();
    await startInterview(user);
    await recordTake(user, 1);
    await user.click(button('Next Question'));
    await heading(QUESTIONS[1]?.text ?? '');

    await user.click(screen.getByRole('link', { name: 'Leave interview' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave the interview?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep My Answers' }));
    expect(router.location.pathname).toBe('/moi');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Leave interview' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave interview',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeTruthy();
    expect(router.location.pathname).toBe('/dashboard');
    await waitFor(() => {
      expect(media.liveTracks()).toEqual([]);
    });
    expect(media.urls.live()).toEqual([]);
  });

  it('asks the browser to warn before a reload or closing the tab, only once under way', async () => {
    const { user } = open();
    await screen.findByRole('button', { name: 'Start Interview Process' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await startInterview(user);
    expect(unload()).toBe(true);
  });
});

describe('review and submission', () => {
  it('reviews, re-records one answer, submits all three and returns to the dashboard', async () => {
    const { user, media, uploads, sent, router } = open();
    await recordAllThree(user);

    // The camera is off while the student watches their answers.
    expect(media.liveTracks()).toEqual([]);
    const list = screen.getByRole('list', { name: 'Your answers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const download = within(list).getByRole('link', { name: 'Download answer 2' });
    expect(download.getAttribute('href')).toBe(media.urls.created[1]);
    expect(download.getAttribute('download')).toBe('moi-answer-2.webm');

    await user.click(button('Re-record answer 2'));
    expect(await heading(QUESTIONS[1]?.text ?? '')).toBeTruthy();
    await recordTake(user, 2);
    await user.click(button('Save Answer'));
    await heading('Review Your Answers');
    expect(
      within(screen.getByRole('list', { name: 'Your answers' }))
        .getByLabelText('Your answer to question 2')
        .getAttribute('src'),
    ).toBe(media.urls.created[3]);
    expect(media.urls.revoked).toContain(media.urls.created[1]);

    await user.click(button('Submit MOI Interview'));

    const dialog = await screen.findByRole('dialog', { name: 'MOI Interview Submitted' });
    expect(
      uploads.received.map((u) => new URL(u.url, 'http://localhost').searchParams.toString()),
    ).toEqual(
      QUESTIONS.map((q, i) => `sessionId=${SESSION_ID}&videoIndex=${i}&questionId=${q.id}`),
    );
    expect(
      uploads.received.every((u) => u.headers.get('authorization') === 'Bearer stored-token'),
    ).toBe(true);
    expect(await uploads.received[1]?.file.text()).toBe('take-4');
    expect(answersSent(sent)).toEqual([
      {
        sessionId: SESSION_ID,
        videoData: QUESTIONS.map((q, i) => ({
          fileId: fileIdOf(i),
          questionId: q.id,
          questionText: q.text,
          videoIndex: i,
        })),
      },
    ]);
    const recordReads = () => sent.filter((r) => r.url === '/api/applicant-data').length;
    await waitFor(() => {
      expect(recordReads()).toBe(2);
    });

    await user.click(within(dialog).getByRole('button', { name: 'Return to Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeTruthy();
    expect(router.location.pathname).toBe('/dashboard');
    // Freed by the interview's cleanup, which React runs just after the dashboard is drawn.
    await waitFor(() => {
      expect(media.urls.live()).toEqual([]);
    });
  });

  it('reports an upload refused by the server, and Try Again sends only what did not arrive', async () => {
    let refuse = true;
    const { user, uploads } = open({
      upload: (upload) => {
        const index = new URL(upload.url, 'http://localhost').searchParams.get('videoIndex');
        if (index === '1' && refuse)
          return { status: 413, body: { message: MOI_MESSAGES.tooLarge } };
        return acceptUpload(upload);
      },
    });
    await recordAllThree(user);
    await user.click(button('Submit MOI Interview'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Submission Failed')).toBeTruthy();
    expect(alert.textContent).toContain(`Video 2 upload failed: ${MOI_MESSAGES.tooLarge}`);
    expect(uploads.received).toHaveLength(2);

    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('dialog', { name: 'MOI Interview Submitted' })).toBeTruthy();
    const indexes = uploads.received.map((u) =>
      new URL(u.url, 'http://localhost').searchParams.get('videoIndex'),
    );
    expect(indexes).toEqual(['0', '1', '1', '2']);
  });

  it('says Unknown error for an upload that never reached the server, and Dismiss hides it', async () => {
    const { user } = open({ upload: () => 'network-error' });
    await recordAllThree(user);
    await user.click(button('Submit MOI Interview'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Video 1 upload failed: Unknown error');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Submission Failed')).toBeNull();
    expect(button('Submit MOI Interview')).toBeTruthy();
  });

  it.each([
    [
      'the server message',
      json({ message: MOI_MESSAGES.alreadySubmitted }, 409),
      MOI_MESSAGES.alreadySubmitted,
    ],
    [
      'the spec message when the answer has none',
      new Response('<html>Bad Gateway</html>', { status: 502 }),
      MOI_MESSAGES.answersFailed,
    ],
  ])('reports a failed submission of the answers with %s', async (_, answer, message) => {
    const { user } = open({ api: { 'POST /api/moi/answers': () => answer.clone() } });
    await recordAllThree(user);
    await user.click(button('Submit MOI Interview'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Submission Failed');
    expect(alert.textContent).toContain(message);
  });

  it('reports a session that could not be started with the generic message', async () => {
    const { user } = open({
      api: {
        'POST /api/moi/sessions': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await recordAllThree(user);
    await user.click(button('Submit MOI Interview'));
    expect((await screen.findByRole('alert')).textContent).toContain(MOI_MESSAGES.submitFailed);
  });

  it('Start Over asks first, then goes back to setup without the answers', async () => {
    const { user, media } = open();
    await recordAllThree(user);
    // Quiet and apart: not in the row of Submit, where one slip of the thumb would press it.
    expect(button('Start Over').parentElement).not.toBe(
      button('Submit MOI Interview').parentElement,
    );

    await user.click(button('Start Over'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Start Over?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep My Answers' }));
    expect(screen.getAllByRole('listitem', { hidden: false }).length).toBeGreaterThanOrEqual(3);

    await user.click(button('Start Over'));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start Over' }),
    );
    expect(await heading('Set Up Your Camera and Microphone')).toBeTruthy();
    expect(media.urls.live()).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Start Interview Process' }));
    expect(await heading(QUESTIONS[0]?.text ?? '')).toBeTruthy();
  });

  it('asks before the student leaves, then stops the camera and frees the recordings', async () => {
    const { user, media, router } = open();
    await startInterview(user);
    await recordTake(user, 1);
    expect(media.liveTracks().length).toBe(2);

    await router.navigate('/dashboard');
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave the interview?' });
    expect(router.location.pathname).toBe('/moi');
    await user.click(within(confirm).getByRole('button', { name: 'Leave interview' }));

    // The page cleans up as it leaves: once the dashboard's code has arrived (until then React
    // keeps the interview mounted behind the loading state) and React has run its effects'
    // cleanups.
    await waitFor(() => {
      expect(media.liveTracks()).toEqual([]);
    });
    expect(media.urls.live()).toEqual([]);
    expect(router.location.pathname).toBe('/dashboard');
  });

  it('lets the student go without asking once the interview is submitted', async () => {
    const { user, router } = open();
    await recordAllThree(user);
    await user.click(button('Submit MOI Interview'));
    await screen.findByRole('dialog', { name: 'MOI Interview Submitted' });
    await router.navigate('/dashboard');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.location.pathname).toBe('/dashboard');
  });
});
