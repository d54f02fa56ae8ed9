import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, type TProfile } from '../../../../shared/profile.js';
import { SEALED_PROFILE_FIELDS } from '../../../../shared/sealed-profile-fields.js';
import { OFFLINE_COPY_HEADER } from '../../../lib/offline-reads.js';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/offline-action-message.js';
import { deferred, json } from '../../../test/fake-fetch.js';
import { completeProfile, renderProfilePage, seededProfile } from '../test/profile-fixtures.js';
import { PROFILE_FIELD_NOT_KEPT, PROFILE_OFFLINE_COPY, PROFILE_SAVED } from './profile-form.js';

const form = () => screen.findByRole('form', { name: 'Profile' });
const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
/** Disabled by the form's fieldset too, which the element's own `disabled` does not show. */
const isDisabled = (element: HTMLElement) => element.matches(':disabled');
const editButton = () => screen.getByRole('button', { name: 'Edit Profile' });
const saveButton = () => screen.getByRole('button', { name: /Save Changes|Saving/ });
const errorUnder = (label: string | RegExp) => {
  const control = field(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.dataset.slot === 'form-field-error')?.textContent;
};

describe('the profile form', () => {
  it('opens in view mode: the saved values, every field disabled, no Save', async () => {
    renderProfilePage({ profile: completeProfile });
    const profile = await form();

    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(field('First name').value).toBe('Priya');
    expect(field('Passport number').value).toBe('Z7654321');
    expect(select('Relationship').value).toBe('Parent');
    expect(select('English proficiency').value).toBe('IELTS-7.0+');
    const controls = [...profile.querySelectorAll<HTMLElement>('input, select, textarea')];
    expect(controls).toHaveLength(24);
    expect(controls.filter((control) => !isDisabled(control))).toEqual([]);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it("offers every option of spec section 3's lists, with country United States by default", async () => {
    renderProfilePage();
    await form();

    const options = (label: string) =>
      [...select(label).options].map((o) => o.value).filter(Boolean);
    expect(options('Visa status')).toEqual(['F-1', 'J-1', 'M-1', 'H-1B', 'Other']);
    expect(options('Relationship')).toEqual([
      'Parent',
      'Guardian',
      'Spouse',
      'Sibling',
      'Friend',
      'Other',
    ]);
    expect(options('Current education level')).toHaveLength(6);
    expect(options('English proficiency')).toEqual([
      'TOEFL-iBT-100+',
      'TOEFL-iBT-80-99',
      'TOEFL-iBT-60-79',
      'IELTS-7.0+',
      'IELTS-6.5',
      'IELTS-6.0',
      'Duolingo-120+',
      'Duolingo-105-119',
      'Native',
      'Other',
    ]);
    expect(options('Housing preference (optional)')).toEqual([
      'On-Campus Dorm',
      'Off-Campus Apartment',
      'Homestay',
      'Shared Housing',
      'No Preference',
    ]);
    expect(field('Country').value).toBe('United States');
  });

  it('shows the English tests in words, while the values stay the spec codes', async () => {
    const { sent, user } = renderProfilePage({ profile: completeProfile });
    await form();
    const english = select('English proficiency');
    expect(english.selectedOptions[0]?.textContent).toBe('IELTS 7.0 or higher');
    expect([...english.options].map((o) => o.textContent)).toContain('TOEFL iBT 100 or higher');

    await user.click(editButton());
    await user.selectOptions(english, 'TOEFL iBT 100 or higher');
    await user.click(saveButton());

    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect((JSON.parse(put?.body ?? '') as TProfile).englishProficiency).toBe('TOEFL-iBT-100+');
  });

  it("'Edit Profile' enables the fields and puts the keyboard on the first; Save waits for a change", async () => {
    const { user } = renderProfilePage({ profile: completeProfile });
    await form();

    await user.click(editButton());

    expect(isDisabled(field('First name'))).toBe(false);
    expect(document.activeElement).toBe(field('First name'));
    expect(saveButton()).toHaveProperty('disabled', true);
    await user.type(field('City'), 'x');
    expect(saveButton()).toHaveProperty('disabled', false);
    await user.type(field('City'), '{Backspace}');
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('shows each rule of spec section 5 under its field, and sends nothing', async () => {
    const { sent, user } = renderProfilePage({ profile: completeProfile });
    await form();
    await user.click(editButton());

    for (const label of [
      'First name',
      'Last name',
      'Street address',
      'City',
      'State or province',
      'Nationality',
      'Passport number',
      'Intended major',
      'Emergency contact name',
    ]) {
      await user.clear(field(label));
    }
    await user.clear(field('Email'));
    await user.type(field('Email'), 'priya@');
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '555 0142');
    await user.clear(field('ZIP or postal code'));
    await user.type(field('ZIP or postal code'), '4000');
    await user.clear(field('Emergency contact phone'));
    for (const label of [
      'Visa status',
      'Relationship',
      'Current education level',
      'English proficiency',
    ]) {
      await user.selectOptions(select(label), '');
    }
    await user.click(saveButton());

    const expected: [string, string][] = [
      ['First name', PROFILE_MESSAGES.firstName],
      ['Last name', PROFILE_MESSAGES.lastName],
      ['Email', PROFILE_MESSAGES.email],
      ['Phone number', PROFILE_MESSAGES.phone],
      ['Nationality', PROFILE_MESSAGES.nationality],
      ['Passport number', PROFILE_MESSAGES.passportNumber],
      ['Street address', PROFILE_MESSAGES.streetAddress],
      ['City', PROFILE_MESSAGES.city],
      ['State or province', PROFILE_MESSAGES.state],
      ['ZIP or postal code', PROFILE_MESSAGES.zipCode],
      ['Visa status', PROFILE_MESSAGES.visaStatus],
      ['Current education level', PROFILE_MESSAGES.currentEducationLevel],
      ['Intended major', PROFILE_MESSAGES.intendedMajor],
      ['English proficiency', PROFILE_MESSAGES.englishProficiency],
      ['Emergency contact name', PROFILE_MESSAGES.emergencyContactName],
      ['Emergency contact phone', PROFILE_MESSAGES.emergencyContactPhone],
      ['Relationship', PROFILE_MESSAGES.emergencyContactRelation],
    ];
    await waitFor(() => {
      expect(errorUnder('First name')).toBe(PROFILE_MESSAGES.firstName);
    });
    for (const [label, message] of expected) {
      expect([label, errorUnder(label)]).toEqual([label, message]);
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(field('Dietary restrictions (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);

    // A fixed field loses its message as the student types.
    await user.type(field('First name'), 'Priya');
    expect(errorUnder('First name')).toBeUndefined();
  });

  it('sums the errors up at the top, takes the keyboard there, and each links to its field', async () => {
    const { user } = renderProfilePage({ profile: completeProfile });
    await form();
    await user.click(editButton());
    await user.clear(field('City'));
    await user.clear(field('First name'));
    await user.selectOptions(select('Relationship'), '');

    await user.click(saveButton());

    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    expect(document.activeElement).toBe(summary);
    const links = within(summary).getAllByRole('link');
    // In the order of the form, whatever the order they were made in.
    expect(links.map((link) => link.textContent)).toEqual([
      PROFILE_MESSAGES.firstName,
      PROFILE_MESSAGES.city,
      PROFILE_MESSAGES.emergencyContactRelation,
    ]);
    await user.click(within(summary).getByRole('link', { name: PROFILE_MESSAGES.city }));
    expect(document.activeElement).toBe(field('City'));
    await user.click(
      within(summary).getByRole('link', { name: PROFILE_MESSAGES.emergencyContactRelation }),
    );
    expect(document.activeElement).toBe(select('Relationship'));

    // Fixed, a field leaves the summary; with nothing left, the summary goes.
    await user.type(field('City'), 'Mumbai');
    expect(within(summary).queryByRole('link', { name: PROFILE_MESSAGES.city })).toBeNull();
    await user.type(field('First name'), 'Priya');
    await user.selectOptions(select('Relationship'), 'Parent');
    expect(screen.queryByRole('region', { name: 'There is a problem' })).toBeNull();
  });

  it('shows the birth date rule too', async () => {
    const { user } = renderProfilePage({ profile: completeProfile });
    await form();
    await user.click(editButton());

    await user.clear(field('Date of birth'));
    await user.click(saveButton());

    await waitFor(() => {
      expect(errorUnder('Date of birth')).toBe(PROFILE_MESSAGES.dateOfBirth);
    });
  });

  it('saves every field, the selects included, trimmed; then shows the saved values in view mode', async () => {
    const { sent, user } = renderProfilePage();
    await form();
    await user.click(editButton());

    await user.type(field('Phone number'), '+91 98200 55123');
    await user.type(field('Street address'), '  42 Marine Drive ');
    await user.type(field('City'), 'Mumbai');
    await user.type(field('State or province'), 'Maharashtra');
    await user.type(field('ZIP or postal code'), '400020');
    await user.selectOptions(select('Current education level'), "Bachelor's Degree");
    await user.type(field('Intended major'), 'Data Science');
    await user.selectOptions(select('English proficiency'), 'IELTS-7.0+');
    await user.type(field('Emergency contact name'), 'Anjali Sharma');
    await user.type(field('Emergency contact phone'), '+91 98200 77456');
    await user.selectOptions(select('Relationship'), 'Parent');
    await user.selectOptions(select('Housing preference (optional)'), 'Homestay');
    await user.type(field('Medical conditions (optional)'), 'Asthma');
    await user.click(saveButton());

    expect((await screen.findByText(PROFILE_SAVED)).getAttribute('role')).toBe('status');
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/profile');
    expect(put?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(JSON.parse(put?.body ?? '')).toEqual({
      ...seededProfile,
      phone: '+91 98200 55123',
      streetAddress: '42 Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
      zipCode: '400020',
      currentEducationLevel: "Bachelor's Degree",
      intendedMajor: 'Data Science',
      englishProficiency: 'IELTS-7.0+',
      emergencyContactName: 'Anjali Sharma',
      emergencyContactPhone: '+91 98200 77456',
      emergencyContactRelation: 'Parent',
      housingPreference: 'Homestay',
      medicalConditions: 'Asthma',
    } satisfies TProfile);
    expect(field('Street address').value).toBe('42 Marine Drive');
    expect(isDisabled(field('Street address'))).toBe(true);
    expect(select('Housing preference (optional)').value).toBe('Homestay');
    expect(document.activeElement).toBe(editButton());
  });

  it('keeps Save disabled and says so while saving', async () => {
    const answer = deferred<Response>();
    const { sent, user } = renderProfilePage({
      profile: completeProfile,
      api: { 'PUT /api/profile': () => answer.promise },
    });
    await form();
    await user.click(editButton());
    await user.type(field('City'), ' West');

    await user.click(saveButton());

    expect(saveButton()).toHaveProperty('disabled', true);
    expect(saveButton().textContent).toBe('Saving…');
    await user.click(saveButton());
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
    answer.resolve(json({ ...completeProfile, city: 'Mumbai West' }));
    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    expect(field('City').value).toBe('Mumbai West');
  });

  it("Cancel puts back the server's values and leaves edit mode", async () => {
    const { sent, user } = renderProfilePage({ profile: completeProfile });
    await form();
    await user.click(editButton());
    await user.clear(field('City'));
    await user.type(field('City'), 'Pune');
    await user.selectOptions(select('Relationship'), 'Sibling');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(field('City').value).toBe('Mumbai');
    expect(select('Relationship').value).toBe('Parent');
    expect(isDisabled(field('City'))).toBe(true);
    expect(document.activeElement).toBe(editButton());
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it("keeps the changes and shows the server's reason when it refuses", async () => {
    const { user } = renderProfilePage({
      profile: completeProfile,
      api: {
        'PUT /api/profile': json({ message: 'zipCode: ZIP code must be at least 5 digits' }, 400),
      },
    });
    await form();
    await user.click(editButton());
    await user.type(field('City'), ' West');

    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('zipCode: ZIP code must be at least 5 digits');
    expect(document.activeElement).toBe(alert);
    expect(field('City').value).toBe('Mumbai West');
    expect(isDisabled(field('City'))).toBe(false);
    expect(screen.queryByText(PROFILE_SAVED)).toBeNull();
  });

  it('says to try again when the failure has no reason', async () => {
    const { user } = renderProfilePage({
      profile: completeProfile,
      api: { 'PUT /api/profile': () => new Response('<html>Bad gateway</html>', { status: 502 }) },
    });
    await form();
    await user.click(editButton());
    await user.type(field('City'), ' West');
    await user.click(saveButton());

    expect((await screen.findByRole('alert')).textContent).toBe(PROFILE_MESSAGES.saveFailed);
  });

  it('says so, with Try Again, when the profile cannot be loaded', async () => {
    let reads = 0;
    const { user } = renderProfilePage({
      api: {
        'GET /api/profile': () =>
          ++reads === 1 ? json({ message: 'Unavailable' }, 503) : json(completeProfile),
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PROFILE_MESSAGES.loadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await form();
    expect(field('City').value).toBe('Mumbai');
  });
});

describe('leaving with changes not saved', () => {
  /** Where these tests go: the help page, whose school and agency cards read these. */
  const helpPageApi = {
    'POST /api/university-details': json({ school: null }),
    'POST /api/agency-details': json({ agency: null, agent: null }),
  };

  it('asks first; Keep Editing keeps the changes, Leave Without Saving goes', async () => {
    const { router, user } = renderProfilePage({ profile: completeProfile, api: helpPageApi });
    await form();
    await user.click(editButton());
    await user.type(field('City'), ' West');

    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep Editing' }));
    expect(router.location.pathname).toBe('/profile');
    expect(field('City').value).toBe('Mumbai West');

    await router.navigate('/help');
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave Without Saving',
      }),
    );
    await waitFor(() => {
      expect(router.location.pathname).toBe('/help');
    });
  });

  it('asks before Log Out too, and keeps the session when the student stays', async () => {
    const { router, user } = renderProfilePage({ profile: completeProfile });
    await form();
    await user.click(editButton());
    await user.type(field('City'), ' West');

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep Editing' }));

    expect(router.location.pathname).toBe('/profile');
    expect(sessionStorage.getItem('jwt_token')).toBe('stored-token');
    expect(field('City').value).toBe('Mumbai West');
  });

  it('lets the student go without asking when nothing was changed', async () => {
    const { router, user } = renderProfilePage({ profile: completeProfile, api: helpPageApi });
    await form();
    await user.click(editButton());
    await router.navigate('/help');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.location.pathname).toBe('/help');
  });
});

describe('the profile kept for offline use', () => {
  const withHealth: TProfile = { ...completeProfile, medicalConditions: 'Asthma' };
  /** What the service worker answers without the server: the profile less its sealed fields. */
  const offlineCopy = () => {
    const kept = Object.fromEntries(
      Object.entries(withHealth).filter(
        ([name]) => !(SEALED_PROFILE_FIELDS as readonly string[]).includes(name),
      ),
    );
    return new Response(JSON.stringify(kept), {
      headers: { 'Content-Type': 'application/json', [OFFLINE_COPY_HEADER]: 'true' },
    });
  };
  const withheldLabels = [
    'Passport number',
    'Date of birth',
    'Medical conditions (optional)',
    'Emergency contact name',
    'Emergency contact phone',
    'Relationship',
  ];

  it('shows the rest of the profile, and says the sealed fields need a connection', async () => {
    renderProfilePage({ api: { 'GET /api/profile': offlineCopy } });
    await form();

    expect(screen.getByText(PROFILE_OFFLINE_COPY).closest('[role="status"]')).not.toBeNull();
    expect(field('First name').value).toBe('Priya');
    expect(field('City').value).toBe('Mumbai');
    expect(select('English proficiency').value).toBe('IELTS-7.0+');
    for (const label of withheldLabels) {
      expect([label, field(label).value]).toEqual([label, '']);
      expect([label, field(label).placeholder]).toEqual([label, PROFILE_FIELD_NOT_KEPT]);
    }
  });

  it("'Edit Profile' without a connection says one is needed, and never opens the copy", async () => {
    const { sent, user } = renderProfilePage({ api: { 'GET /api/profile': offlineCopy } });
    await form();

    await user.click(editButton());

    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_ACTION_MESSAGE);
    expect(isDisabled(field('First name'))).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it("'Edit Profile' with the server back opens the whole profile; saving keeps the sealed fields", async () => {
    let online = false;
    const { sent, user } = renderProfilePage({
      profile: withHealth,
      api: { 'GET /api/profile': () => (online ? json(withHealth) : offlineCopy()) },
    });
    await form();
    online = true;

    await user.click(editButton());

    await waitFor(() => {
      expect(field('Passport number').value).toBe('Z7654321');
    });
    expect(screen.queryByText(PROFILE_OFFLINE_COPY)).toBeNull();
    expect(isDisabled(field('First name'))).toBe(false);
    expect(document.activeElement).toBe(field('First name'));
    await user.type(field('City'), ' West');
    await user.click(saveButton());

    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '')).toEqual({ ...withHealth, city: 'Mumbai West' });
  });

  it('reads the whole profile again when the connection comes back', async () => {
    let online = false;
    renderProfilePage({
      api: { 'GET /api/profile': () => (online ? json(withHealth) : offlineCopy()) },
    });
    await form();
    expect(field('Passport number').value).toBe('');

    online = true;
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });

    await waitFor(() => {
      expect(field('Passport number').value).toBe('Z7654321');
    });
    expect(field('Medical conditions (optional)').value).toBe('Asthma');
    expect(screen.queryByText(PROFILE_OFFLINE_COPY)).toBeNull();
    expect(isDisabled(field('First name'))).toBe(true);
  });
});
