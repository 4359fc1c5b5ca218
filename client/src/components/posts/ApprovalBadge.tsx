// The approval stage of a post of a theme that requires approval (docs/approval.md), on the cards
// of Posts Agendados: red when its time came unapproved (it was not published).
import { APPROVAL_STAGE_LABELS, type ApprovalStage, approvalMessages, type PostStatus } from '@pauta/core';
import { IconAlertTriangle, IconLayoutKanban } from '@tabler/icons-react';
import { IconBadge } from '../IconBadge';

export function ApprovalBadge({
  post,
}: {
  post: { approvalStage?: ApprovalStage | null; status: PostStatus; scheduledFor: Date };
}) {
  const stage = post.approvalStage;
  if (!stage || post.status === 'published') return null;
  const overdue =
    post.status === 'scheduled' && stage !== 'approved' && post.scheduledFor.getTime() <= Date.now();
  if (overdue) {
    return (
      <IconBadge color="red" variant="light" icon={IconAlertTriangle}>
        {approvalMessages.overdue}
      </IconBadge>
    );
  }
  return (
    <IconBadge color={stage === 'approved' ? 'teal' : 'gray'} variant="outline" icon={IconLayoutKanban}>
      {`${approvalMessages.navLabel}: ${APPROVAL_STAGE_LABELS[stage]}`}
    </IconBadge>
  );
}
