import { describe, expect, it } from 'vitest';
import { HELP_MESSAGES } from '../../../../shared/help.js';
import { installFakeFetch, json } from '../../../test/fake-fetch.js';
import { agencyDetails, universityDetails } from '../test/help-fixtures.js';
import { getAgencyDetails, getAgencyDetailsQueryOptions } from './get-agency-details.js';
import {
  getUniversityDetails,
  getUniversityDetailsQueryOptions,
} from './get-university-details.js';

const FIVE_MINUTES = 5 * 60 * 1000;

describe.each([
  {
    name: 'POST /api/university-details',
    fetchDetails: getUniversityDetails,
    options: getUniversityDetailsQueryOptions,
    answer: universityDetails,
    failed: HELP_MESSAGES.universityFetchFailed,
  },
  {
    name: 'POST /api/agency-details',
    fetchDetails: getAgencyDetails,
    options: getAgencyDetailsQueryOptions,
    answer: agencyDetails,
    failed: HELP_MESSAGES.agencyFetchFailed,
  },
])('$name', ({ name, fetchDetails, options, answer, failed }) => {
  const route = name;
  const url = name.slice('POST '.length);

  it('is fresh for 5 minutes (spec section 7, "Caching") and keyed by the student', () => {
    expect(options('stu_1').staleTime).toBe(FIVE_MINUTES);
    expect(options('stu_1').queryKey).toEqual([url, 'stu_1']);
  });

  it('posts with the bearer token and nothing else, and reads the answer', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    const { sent } = installFakeFetch({ [route]: json(answer) });

    expect(await fetchDetails()).toEqual(answer);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(sent[0]?.body).toBeNull();
  });

  it("does not call without a token: 'No authentication token found'", async () => {
    const { sent } = installFakeFetch({ [route]: json(answer) });

    await expect(fetchDetails()).rejects.toThrow(HELP_MESSAGES.noToken);
    expect(sent).toEqual([]);
  });

  it('reads a refusal, and an answer that is not the contract, as the failure of the spec', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    installFakeFetch({ [route]: json({ message: 'Unavailable' }, 503) });
    await expect(fetchDetails()).rejects.toThrow(failed);

    installFakeFetch({ [route]: json({ school: 'Lakeshore', agency: 'Bright' }) });
    await expect(fetchDetails()).rejects.toThrow(failed);
  });
});
