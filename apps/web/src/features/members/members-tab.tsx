import type { Invitation, Member, NewInvitation, Role } from '@masthead/contract';
import { lazy, Suspense, useState } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { failureMessage } from '../../lib/failed-call.js';
import { useTranslation } from '../../lib/use-translation.js';
import {
  useGetInvitationsQuery,
  useGetMembersQuery,
  useRemoveMemberMutation,
  useRenewInvitationMutation,
  useRevokeInvitationMutation,
  useSetMemberRoleMutation,
} from './api/members-api.js';
import { InvitationLink } from './components/invitation-link.js';
import { MembersTable } from './components/members-table.js';
import { PendingInvitations } from './components/pending-invitations.js';
import './members.css';

// The dialogs load when first opened, so the tab's first load carries neither them nor the dialog
// layer (DESIGN §6, decision 026).
const AddMemberDialog = lazy(() =>
  import('./components/add-member-dialog.js').then((module) => ({ default: module.AddMemberDialog })),
);
const ConfirmDialog = lazy(() =>
  import('../../components/ui/confirm-dialog.js').then((module) => ({ default: module.ConfirmDialog })),
);

type Confirming = { kind: 'remove'; member: Member } | { kind: 'revoke'; invitation: Invitation };

/**
 * Settings › Members (issue 22): the domain's members with a role dropdown each, Remove behind a
 * confirmation, "Add member", and with the built-in provider the invitation's link (shown once)
 * and the pending invitations. A refused change shows the server's sentence above the table.
 */
export default function MembersTab({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const members = useGetMembersQuery({ domain });
  const invitations = useGetInvitationsQuery({ domain });
  const [setRole] = useSetMemberRoleMutation();
  const [removeMember, removal] = useRemoveMemberMutation();
  const [renew] = useRenewInvitationMutation();
  const [revoke, revocation] = useRevokeInvitationMutation();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>();
  const [link, setLink] = useState<NewInvitation & { link: string }>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function run(key: string, call: () => Promise<{ error?: unknown }>, success?: string) {
    setBusy(key);
    setError(undefined);
    setNotice(undefined);
    const result = await call();
    setBusy(undefined);
    if (result.error) setError(failureMessage(result.error) ?? t('members.failed'));
    else if (success) setNotice(success);
    return !result.error;
  }

  const changeRole = (member: Member, role: Role) =>
    void run(
      member.email,
      () => setRole({ domain, email: member.email, role }),
      t('members.roleChanged', { email: member.email, role: t(`members.roles.${role}`) }),
    );

  async function renewLink(invitation: Invitation) {
    setBusy(invitation.id);
    setError(undefined);
    const result = await renew({ domain, id: invitation.id });
    setBusy(undefined);
    if (!result.data) setError(failureMessage(result.error) ?? t('members.failed'));
    else if (result.data.link) setLink({ ...result.data, link: result.data.link });
    else setNotice(t('members.sentAgain', { email: result.data.email }));
  }

  async function confirm() {
    if (!confirming) return;
    if (confirming.kind === 'remove') {
      const { email } = confirming.member;
      await run(email, () => removeMember({ domain, email }), t('members.removed', { email }));
    } else {
      const { id, email } = confirming.invitation;
      await run(id, () => revoke({ domain, id }), t('members.invitations.revoked', { email }));
    }
    setConfirming(undefined);
  }

  let body;
  if (members.isLoading) body = <LoadingScreen inline />;
  else if (members.isError || !members.data) {
    body = (
      <div className="members__error" role="alert">
        <p>{failureMessage(members.error) ?? t('members.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void members.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (members.data.length === 0) body = <p className="page__placeholder">{t('members.empty')}</p>;
  else {
    body = (
      <MembersTable
        members={members.data}
        busyEmail={busy}
        onRoleChange={changeRole}
        onRemove={(member) => setConfirming({ kind: 'remove', member })}
      />
    );
  }

  const pending = invitations.data ?? [];
  return (
    <div className="members">
      <div className="members__toolbar">
        <h2 className="members__heading">{t('members.title')}</h2>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          {t('members.add.open')}
        </button>
      </div>
      {error && (
        <p className="members__error" role="alert">
          {error}
        </p>
      )}
      <p className="members__notice" role="status">
        {notice}
      </p>
      {link && <InvitationLink invitation={link} onDismiss={() => setLink(undefined)} />}
      {body}
      {pending.length > 0 && (
        <PendingInvitations
          invitations={pending}
          busyId={busy}
          now={Date.now()}
          onRenew={(invitation) => void renewLink(invitation)}
          onRevoke={(invitation) => setConfirming({ kind: 'revoke', invitation })}
        />
      )}
      <Suspense fallback={null}>
        {adding && (
          <AddMemberDialog
            domain={domain}
            onClose={() => setAdding(false)}
            onAdded={(result) => {
              setAdding(false);
              setError(undefined);
              if (result.added === 'invitation' && result.invitation.link) {
                setLink({ ...result.invitation, link: result.invitation.link });
                setNotice(undefined);
              } else if (result.added === 'invitation') {
                // E-mailed (decision 056): nobody but the invitee sees the link.
                setLink(undefined);
                setNotice(t('members.sent', { email: result.invitation.email }));
              } else {
                setNotice(t('members.added', { email: result.member.email }));
              }
            }}
          />
        )}
        {confirming && (
          <ConfirmDialog
            title={
              confirming.kind === 'remove'
                ? t('members.confirmRemove.title')
                : t('members.confirmRevoke.title')
            }
            cancelLabel={t('common.cancel')}
            confirmLabel={
              confirming.kind === 'remove'
                ? t('members.confirmRemove.confirm')
                : t('members.confirmRevoke.confirm')
            }
            tone="danger"
            busyLabel={removal.isLoading || revocation.isLoading ? t('members.working') : undefined}
            onCancel={() => setConfirming(undefined)}
            onConfirm={() => void confirm()}
          >
            <p>
              {confirming.kind === 'remove'
                ? t('members.confirmRemove.body', { email: confirming.member.email, domain })
                : t('members.confirmRevoke.body', { email: confirming.invitation.email })}
            </p>
          </ConfirmDialog>
        )}
      </Suspense>
    </div>
  );
}
