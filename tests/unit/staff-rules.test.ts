import { describe, expect, it } from 'vitest';
import { ACCESS, can, ROLES } from '~/shared/roles';
import { passwordProblem } from '~/shared/staff';
import { deviceOf } from '~/shared/user-agent';
import { tabsFor } from '~/islands/admin/AdminTabs';

describe('roles', () => {
  it('let an owner do everything, an agent all but the team, log and settings, a viewer only read', () => {
    const allowed = (role: (typeof ROLES)[number]) => Object.keys(ACCESS).filter((permission) => can(role, permission as keyof typeof ACCESS)).sort();
    expect(allowed('owner')).toEqual(Object.keys(ACCESS).sort());
    expect(allowed('agent')).toEqual(['account.self', 'brands.read', 'brands.write', 'inquiries.attachments', 'inquiries.export', 'inquiries.personal', 'inquiries.read', 'inquiries.write', 'leases.documents', 'leases.read', 'leases.write', 'proposals.read', 'proposals.write', 'reports.people', 'reports.read', 'team.directory', 'tours.read', 'tours.write', 'units.read', 'units.write', 'uploads.write']);
    expect(allowed('viewer')).toEqual(['account.self', 'brands.read', 'inquiries.read', 'leases.read', 'proposals.read', 'reports.read', 'team.directory', 'tours.read', 'units.read']);
    expect(can(null, 'inquiries.read')).toBe(false);
  });

  it('show each role the tabs it may use (the server checks anyway)', () => {
    // The 결재 list is the owners': they approve (agents and viewers follow a proposal on its inquiry).
    expect(tabsFor('owner')).toEqual(['inquiries', 'tours', 'approvals', 'leases', 'brands', 'units', 'reports', 'team', 'activity', 'privacy', 'account']);
    expect(tabsFor('agent')).toEqual(['inquiries', 'tours', 'leases', 'brands', 'units', 'reports', 'account']);
    expect(tabsFor('viewer')).toEqual(['inquiries', 'tours', 'leases', 'brands', 'units', 'reports', 'account']);
  });
});

describe('new passwords', () => {
  it('need 12 characters: 11 are refused, 12 pass', () => {
    expect(passwordProblem('k7#Lm2@pQ9z')).toBe('team.errors.passwordTooShort');
    expect(passwordProblem('k7#Lm2@pQ9zX')).toBeNull();
  });

  it('refuse the common long ones whatever their case, and a repeated character', () => {
    expect(passwordProblem('Password1234')).toBe('team.errors.passwordCommon');
    expect(passwordProblem('1q2w3e4r5t6y')).toBe('team.errors.passwordCommon');
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).toBe('team.errors.passwordCommon');
  });

  it('refuse the account’s own name or address, also with digits and symbols after it', () => {
    expect(passwordProblem('mina.park2024!', { username: 'mina.park' })).toBe('team.errors.passwordLikeAccount');
    expect(passwordProblem('mina.park@btower.example', { email: 'mina.park@btower.example' })).toBe('team.errors.passwordLikeAccount');
    expect(passwordProblem('mina.park leases floors', { username: 'mina.park' })).toBeNull();
  });
});

describe('device names of sessions', () => {
  it('name the browser and system', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari · iPhone');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('Edge · Windows');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36')).toBe('Samsung Internet · Android');
  });

  it('name the tool a script signed in with (the demo seeds through Node’s fetch), and nothing they cannot tell', () => {
    expect(deviceOf('node')).toBe('Node.js');
    expect(deviceOf('curl/8.5.0')).toBe('curl');
    expect(deviceOf('python-requests/2.32.3')).toBe('Python');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toBe('Chrome · Linux');
    // Nothing known: null, which the reader's language names ("알 수 없는 기기"), never a '?' or the raw header.
    for (const unknown of [null, '', 'Mozilla/5.0', 'Acme-Bot/1.0']) expect(deviceOf(unknown)).toBeNull();
  });
});
