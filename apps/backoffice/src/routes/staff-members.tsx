import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { api, ApiError, staffCall, type ActionResult } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';
import { useMe } from './shell';

const words = da.admin.members;
type Member = Ok<'/Staff/staff', 'get'>['members'][number];
type Role = Member['roles'][number];
const ROLES: Role[] = ['support', 'payments', 'compliance', 'content', 'marketing', 'administrator'];

export async function membersLoader() {
  return staffCall(api.GET('/Staff/staff'));
}

/** What an action did, for its notice: roles changed at once, or a grant proposed. */
type Done = ActionResult & { outcome?: 'changed' | 'proposed' };

export async function membersAction({ request }: ActionFunctionArgs): Promise<Done> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const staffId = String(form.get('staffId') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  try {
    if (intent === 'add') {
      const subject = String(form.get('subject') ?? '').trim();
      const name = String(form.get('name') ?? '').trim();
      const email = String(form.get('email') ?? '').trim();
      if (!subject || name.length < 2 || !email.includes('@')) return { ok: false, intent, message: words.addInvalid };
      await staffCall(api.POST('/Staff/staff', { body: { subject, name, email, reason } }));
      return { ok: true, intent };
    }
    const path = { params: { path: { staffId } } };
    if (intent === 'roles') {
      const roles = form.getAll('role').map(String) as Role[];
      const { outcome } = await staffCall(api.POST('/Staff/staff/{staffId}/roles', { ...path, body: { roles, reason } }));
      return { ok: true, intent, outcome };
    }
    if (intent === 'deactivate' || intent === 'reactivate') {
      await staffCall(
        intent === 'deactivate'
          ? api.POST('/Staff/staff/{staffId}/deactivate', { ...path, body: { reason } })
          : api.POST('/Staff/staff/{staffId}/reactivate', { ...path, body: { reason } }),
      );
      return { ok: true, intent };
    }
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, intent, message: error.message, code: error.code };
    throw error;
  }
  return { ok: false, intent, message: da.errors.generic };
}

type Step = { member: Member; intent: 'roles' | 'deactivate' | 'reactivate' };

function AddMember() {
  const result = useActionData<Done>();
  const busy = useNavigation().state !== 'idle';
  const failed = result && !result.ok && result.intent === 'add' ? result.message : null;
  return (
    <section className="card" aria-labelledby="add-member-title">
      <h2 id="add-member-title">{words.addTitle}</h2>
      <Form method="post" className="content-form" key={result?.ok && result.intent === 'add' ? 'added' : 'form'}>
        <input type="hidden" name="intent" value="add" />
        <div className="form-grid">
          <div className="field">
            <label htmlFor="member-subject">{words.subject}</label>
            <input
              id="member-subject"
              name="subject"
              aria-describedby="member-subject-hint"
              className="mono"
              data-testid="member-subject"
            />
            <p id="member-subject-hint" className="hint">
              {words.subjectHint}
            </p>
          </div>
          <div className="field">
            <label htmlFor="member-name">{words.name}</label>
            <input id="member-name" name="name" autoComplete="off" data-testid="member-name" />
          </div>
          <div className="field">
            <label htmlFor="member-email">{words.email}</label>
            <input id="member-email" name="email" type="email" autoComplete="off" data-testid="member-email" />
          </div>
        </div>
        <div className="field">
          <label htmlFor="member-reason">{words.reason}</label>
          <textarea id="member-reason" name="reason" rows={2} data-testid="member-reason" />
        </div>
        {failed && !busy ? (
          <p className="form-error" role="alert" data-testid="action-error">
            {failed}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy} data-testid="member-add">
            {words.add}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The staff: roles, status, last login; roles changed (grants by four eyes), access ended or given back; a member added. */
export function MembersPage() {
  const { members } = useLoaderData<typeof membersLoader>();
  const added = useActionData<Done>();
  const me = useMe();
  useTitle(words.title);
  const [step, setStep] = useState<Step | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const close = useCallback(() => setStep(null), []);
  const finished = useCallback((result: ActionResult) => (setStep(null), setDone(result as Done)), []);

  const columns = useMemo(() => {
    const column = createColumnHelper<typeof features, Member>();
    return column.columns([
      column.accessor('name', {
        header: words.columns.name,
        cell: (info) => (
          <>
            {info.getValue()}
            {info.row.original.id === me.id ? <span className="cell-note">{words.you}</span> : null}
            <span className="cell-note">{info.row.original.email}</span>
          </>
        ),
      }),
      column.accessor('roles', {
        header: words.columns.roles,
        cell: (info) => {
          const member = info.row.original;
          return (
            <span data-testid={`member-roles-${member.subject}`}>
              {member.roles.length > 0 ? member.roles.map((role) => label(da.roles, role)).join(', ') : words.noRoles}
              {member.pendingGrant ? (
                <span className="cell-note" data-testid={`member-pending-${member.subject}`}>
                  {words.pendingGrant(
                    member.pendingGrant.roles.map((role) => label(da.roles, role)).join(', '),
                    member.pendingGrant.proposedBy,
                  )}
                </span>
              ) : null}
            </span>
          );
        },
      }),
      column.accessor('active', {
        header: words.columns.status,
        cell: (info) => (
          <>
            <StatusBadge
              text={info.getValue() ? words.active : words.inactive}
              tone={info.getValue() ? 'ok' : 'neutral'}
              testId={`member-status-${info.row.original.subject}`}
            />
            {info.row.original.openSessions > 0 ? (
              <span className="cell-note">{words.openSessions(info.row.original.openSessions)}</span>
            ) : null}
          </>
        ),
      }),
      column.accessor('lastLoginAt', {
        header: words.columns.lastLogin,
        cell: (info) => formatDateTime(info.getValue()),
        meta: { className: 'nowrap' },
      }),
      column.display({
        id: 'actions',
        header: words.columns.actions,
        meta: { className: 'nowrap' },
        cell: (info) => {
          const member = info.row.original;
          if (member.id === me.id) return null;
          const open = (intent: Step['intent']) => (setDone(null), setStep({ member, intent }));
          return (
            <div className="row-actions">
              {member.active ? (
                <>
                  <button
                    type="button"
                    className="button small"
                    aria-label={words.editRolesLabel(member.name)}
                    onClick={() => open('roles')}
                    data-testid={`member-edit-${member.subject}`}
                  >
                    {words.editRoles}
                  </button>
                  <button
                    type="button"
                    className="button small danger"
                    aria-label={words.deactivateLabel(member.name)}
                    onClick={() => open('deactivate')}
                    data-testid={`member-deactivate-${member.subject}`}
                  >
                    {words.deactivate}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button small"
                  aria-label={words.reactivateLabel(member.name)}
                  onClick={() => open('reactivate')}
                  data-testid={`member-reactivate-${member.subject}`}
                >
                  {words.reactivate}
                </button>
              )}
            </div>
          );
        },
      }),
    ]);
  }, [me.id]);

  const notice =
    done?.ok && done.intent === 'roles'
      ? done.outcome === 'proposed'
        ? words.proposed
        : words.changed
      : done?.ok && done.intent === 'deactivate'
        ? words.deactivated
        : done?.ok && done.intent === 'reactivate'
          ? words.reactivated
          : added?.ok && added.intent === 'add'
            ? words.added
            : null;

  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      {notice ? <Notice title={notice} /> : null}
      <section className="card">
        <DataTable
          caption={words.caption}
          hideCaption
          columns={columns}
          data={members}
          rowId={(row) => row.id}
          empty={words.none}
          testId="members"
        />
      </section>
      <AddMember />
      {step ? (
        <ReasonDialog
          title={
            step.intent === 'roles'
              ? words.rolesTitle(step.member.name)
              : step.intent === 'deactivate'
                ? words.deactivateTitle(step.member.name)
                : words.reactivateTitle(step.member.name)
          }
          text={
            <p>{step.intent === 'roles' ? words.rolesText : step.intent === 'deactivate' ? words.deactivateText : words.reactivateText}</p>
          }
          intent={step.intent}
          fields={{ staffId: step.member.id }}
          submitLabel={step.intent === 'roles' ? words.rolesSubmit : step.intent === 'deactivate' ? words.deactivate : words.reactivate}
          danger={step.intent === 'deactivate'}
          onCancel={close}
          onDone={finished}
        >
          {step.intent === 'roles' ? (
            <fieldset className="field">
              <legend>{words.editRoles}</legend>
              <div className="day-list">
                {ROLES.map((role) => (
                  <label key={role} className="check">
                    <input
                      type="checkbox"
                      name="role"
                      value={role}
                      defaultChecked={step.member.roles.includes(role)}
                      data-testid={`role-${role}`}
                    />{' '}
                    {label(da.roles, role)}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
        </ReasonDialog>
      ) : null}
    </>
  );
}
