import userEvent from '@testing-library/user-event';
import type {
  TAgencyDetailsResponse,
  TUniversityDetailsResponse,
} from '../../../../shared/help.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

/** Lakeshore as the seed has it, with a mission longer than the 400 characters shown. */
export const universityDetails: TUniversityDetailsResponse = {
  school: {
    Name: 'Lakeshore State University',
    Logo: null,
    'Institution Type': 'Public',
    'Institution Size': 'Large (15,000+ students)',
    'Phone Number': '+1 312 555 0142',
    inbound_email_address: 'admissions@lakeshore-state.example.edu',
    whatsapp_number: '+1 312 555 0143',
    'Address Line 1': '1200 Lakeshore Drive',
    'City Location': 'Chicago',
    State: 'IL',
    'ZIP Code': '60601',
    Country: 'United States',
    Facebook: 'https://facebook.com/lakeshorestate.example',
    Instagram: null,
    Twitter: 'https://x.com/lakeshorestate.example',
    Website: 'https://www.lakeshore-state.example.edu',
    Mission: `Lakeshore State University educates students. ${'We serve the world. '.repeat(30)}`,
  },
};

export const agencyDetails: TAgencyDetailsResponse = {
  agency: {
    'Company Name': 'Bright Horizons Education Consultants',
    Logo: null,
    'Phone Number': '+91 22 5550 1234',
    'Public Email': 'hello@brighthorizons.example.com',
    City: 'Mumbai',
    State: 'Maharashtra',
    Country: 'India',
    'Business Services': ['University admissions', 'Visa guidance'],
    Facebook: null,
    Instagram: null,
    Twitter: null,
    Website: 'https://brighthorizons.example.com',
  },
  agent: { 'First Name': 'Rahul', 'Last Name': 'Mehta', 'phone number': '+91 98200 55501' },
};

/** /help through the real app routes and guard, with the details each test gives. */
export function renderHelpPage(api: Record<string, Answer> = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    'POST /api/university-details': json(universityDetails),
    'POST /api/agency-details': json(agencyDetails),
    ...api,
  });
  const router = renderApp('/help');
  return { ...fake, router, user: userEvent.setup() };
}
