// Shapes of the posts and published APIs as the client uses them, inferred from the server's
// router so they cannot drift from what the server answers.
import type { AppRouter } from '@pauta/server';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type PostItem = Outputs['posts']['list']['items'][number];

/** The filters of `posts.list` / `posts.deleteFiltered` (dates are local 'YYYY-MM-DD'). */
export type PostFilterInput = Omit<NonNullable<Inputs['posts']['deleteFiltered']>, never>;

export type PublishedItem = Outputs['published']['list']['items'][number];

/** One step or answer of a post's 'Histórico de entrega' (posts.deliveryTimeline). */
export type DeliveryEntry = Outputs['posts']['deliveryTimeline']['entries'][number];
