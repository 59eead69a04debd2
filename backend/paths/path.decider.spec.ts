import type { PathEvent, PathLearnerEvent } from '../../events';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { type PathActor, pathDecider } from './path.decider';
import { addMonths, pathLearnerDecider } from './path-learner.decider';

const p = 'p1';
const owner: PathActor = { id: 'u-owner', isAdmin: false, isAuthor: true };
const admin: PathActor = { id: 'u-admin', isAdmin: true, isAuthor: false };
const otherAuthor: PathActor = { id: 'u-other', isAdmin: false, isAuthor: true };
const learner: PathActor = { id: 'u-learner', isAdmin: false, isAuthor: false };

const created: PathEvent = {
  type: 'PathCreated',
  data: {
    pathId: p,
    ownerId: 'u-owner',
    title: 'Onboarding',
    description: '',
    image: null,
    sequential: false,
    openForSelfEnrolment: false,
    recertificationMonths: null,
  },
};
const added = (speachId: string, position: number): PathEvent => ({ type: 'PathSpeachAdded', data: { pathId: p, speachId, position } });
const withTwo = [created, added('s1', 0), added('s2', 1)];
const published: PathEvent = {
  type: 'PathPublished',
  data: { pathId: p, title: 'Onboarding', firstPublication: true, speachIds: ['s1', 's2'], assignedUserIds: [], assignedGroupIds: [] },
};

describe('path decider', () => {
  const spec = deciderSpec(pathDecider);

  describe('creation', () => {
    it('given nothing, when an author creates a path, then it is created with its options and owned by them', () => {
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: owner, details: { title: ' Onboarding ', sequential: true, recertificationMonths: 12 } })
        .then([
          {
            type: 'PathCreated',
            data: {
              pathId: p,
              ownerId: 'u-owner',
              title: 'Onboarding',
              description: '',
              image: null,
              sequential: true,
              openForSelfEnrolment: false,
              recertificationMonths: 12,
            },
          },
        ]);
    });

    it('refuses a learner without the author role (403) and an administrator may create', () => {
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: learner, details: { title: 'X' } })
        .thenThrows(ForbiddenError);
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: admin, details: { title: 'X' } })
        .thenEvents((events) => expect(events[0].type).toBe('PathCreated'));
    });

    it('requires a title of at most 100 characters and a description of at most 1000', () => {
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: owner, details: {} })
        .thenThrows(ValidationError, /title is required/);
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: owner, details: { title: '   ' } })
        .thenThrows(ValidationError, /title is required/);
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: owner, details: { title: 'x'.repeat(101) } })
        .thenThrows(ValidationError, /at most 100/);
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: owner, details: { title: 'x'.repeat(100), description: 'd'.repeat(1001) } })
        .thenThrows(ValidationError, /at most 1000/);
      spec
        .given([])
        .when({ type: 'Create', pathId: p, actor: owner, details: { title: 'T', recertificationMonths: 1.5 } })
        .thenThrows(ValidationError, /recertificationMonths/);
    });
  });

  describe('details', () => {
    it('records only what changed, details and options apart', () => {
      spec
        .given([created])
        .when({ type: 'ChangeDetails', actor: owner, details: { title: 'Onboarding', description: 'Week one', openForSelfEnrolment: true } })
        .then([
          { type: 'PathDetailsChanged', data: { pathId: p, description: 'Week one' } },
          { type: 'PathOptionsChanged', data: { pathId: p, openForSelfEnrolment: true } },
        ]);
      spec
        .given([created])
        .when({ type: 'ChangeDetails', actor: owner, details: { title: 'Onboarding' } })
        .then([]);
    });

    it('lets an administrator edit and refuses another author (403); an unknown path is a 404', () => {
      spec
        .given([created])
        .when({ type: 'ChangeDetails', actor: admin, details: { image: '/img/a.png' } })
        .then([{ type: 'PathDetailsChanged', data: { pathId: p, image: '/img/a.png' } }]);
      spec
        .given([created])
        .when({ type: 'ChangeDetails', actor: otherAuthor, details: { title: 'Mine now' } })
        .thenThrows(ForbiddenError);
      spec
        .given([])
        .when({ type: 'ChangeDetails', actor: owner, details: { title: 'T' } })
        .thenThrows(NotFoundError);
    });
  });

  describe('content', () => {
    it('adds a speach the editor may view at the end, never twice, never one they cannot view', () => {
      spec
        .given([created, added('s1', 0)])
        .when({ type: 'AddSpeach', actor: owner, speachId: 's2', mayView: true, addable: true })
        .then([added('s2', 1)]);
      spec
        .given([created, added('s1', 0)])
        .when({ type: 'AddSpeach', actor: owner, speachId: 's1', mayView: true, addable: true })
        .thenThrows(IllegalStateError);
      spec.given([created]).when({ type: 'AddSpeach', actor: owner, speachId: 's9', mayView: false, addable: true }).thenThrows(ForbiddenError);
      spec.given([created]).when({ type: 'AddSpeach', actor: owner, speachId: 's9', mayView: true, addable: false }).thenThrows(ValidationError);
    });

    it('removes a speach whether or not the editor may still view it; one not in the path is a 404', () => {
      spec
        .given(withTwo)
        .when({ type: 'RemoveSpeach', actor: owner, speachId: 's1' })
        .then([{ type: 'PathSpeachRemoved', data: { pathId: p, speachId: 's1' } }]);
      spec.given(withTwo).when({ type: 'RemoveSpeach', actor: owner, speachId: 's3' }).thenThrows(NotFoundError);
    });

    it('records an order only when it is a permutation of the current speaches', () => {
      spec
        .given(withTwo)
        .when({ type: 'RecordOrder', actor: owner, speachIds: ['s2', 's1'] })
        .then([{ type: 'PathSpeachesReordered', data: { pathId: p, speachIds: ['s2', 's1'] } }]);
      spec
        .given(withTwo)
        .when({ type: 'RecordOrder', actor: owner, speachIds: ['s1', 's2'] })
        .then([]);
      for (const order of [['s1'], ['s1', 's1'], ['s1', 's3'], ['s1', 's2', 's3']]) {
        spec
          .given(withTwo)
          .when({ type: 'RecordOrder', actor: owner, speachIds: order })
          .thenThrows(ValidationError, /order must list every speach/);
      }
    });

    it('folds additions, removals and reorders into the learner order', () => {
      const state = [...withTwo, added('s3', 1), { type: 'PathSpeachRemoved', data: { pathId: p, speachId: 's1' } } as PathEvent].reduce(
        pathDecider.evolve,
        pathDecider.initialState(),
      );
      expect(state.status === 'active' && state.speachIds).toEqual(['s3', 's2']);
    });
  });

  describe('assignment', () => {
    it('assigns a group with a due date, changes the date, and unassigns; asking twice changes nothing', () => {
      const assigned: PathEvent = {
        type: 'PathGroupAssignmentChanged',
        data: { pathId: p, groupId: 'g1', assigned: true, dueDate: '2027-01-31T00:00:00.000Z', published: false, title: 'Onboarding' },
      };
      spec.given([created]).when({ type: 'ChangeGroup', actor: owner, groupId: 'g1', add: true, dueDate: '2027-01-31T00:00:00.000Z' }).then([assigned]);
      spec.given([created, assigned]).when({ type: 'ChangeGroup', actor: owner, groupId: 'g1', add: true, dueDate: '2027-01-31T00:00:00.000Z' }).then([]);
      spec
        .given([created, assigned])
        .when({ type: 'ChangeGroup', actor: owner, groupId: 'g1', add: false, dueDate: null })
        .then([
          { type: 'PathGroupAssignmentChanged', data: { pathId: p, groupId: 'g1', assigned: false, dueDate: null, published: false, title: 'Onboarding' } },
        ]);
      spec.given([created]).when({ type: 'ChangeGroup', actor: owner, groupId: 'g1', add: false, dueDate: null }).then([]);
    });

    it('tells whether the path is published, so only assignees of a published path are notified', () => {
      spec
        .given([...withTwo, published])
        .when({ type: 'ChangeUser', actor: admin, userId: 'u-l', add: true, dueDate: null })
        .then([{ type: 'PathUserAssignmentChanged', data: { pathId: p, userId: 'u-l', assigned: true, dueDate: null, published: true, title: 'Onboarding' } }]);
      spec.given([created]).when({ type: 'ChangeUser', actor: otherAuthor, userId: 'u-l', add: true, dueDate: null }).thenThrows(ForbiddenError);
    });
  });

  describe('publication', () => {
    it('needs at least one speach', () => {
      spec
        .given([created])
        .when({ type: 'Publish', actor: owner })
        .thenThrows(ValidationError, /at least one speach/);
    });

    it('publishes with the assignees of the moment; a second publication is a 409; republishing is not a first publication', () => {
      const user: PathEvent = {
        type: 'PathUserAssignmentChanged',
        data: { pathId: p, userId: 'u-l', assigned: true, dueDate: null, published: false, title: 'Onboarding' },
      };
      const group: PathEvent = {
        type: 'PathGroupAssignmentChanged',
        data: { pathId: p, groupId: 'g1', assigned: true, dueDate: '2027-01-31T23:59:59.999Z', published: false, title: 'Onboarding' },
      };
      spec
        .given([...withTwo, user, group])
        .when({ type: 'Publish', actor: owner })
        .then([
          {
            type: 'PathPublished',
            data: {
              pathId: p,
              title: 'Onboarding',
              firstPublication: true,
              speachIds: ['s1', 's2'],
              assignedUserIds: ['u-l'],
              assignedGroupIds: ['g1'],
              // Only the assignments with a due date are named: the group's, not the user's.
              dueDates: { users: {}, groups: { g1: '2027-01-31T23:59:59.999Z' } },
            },
          },
        ]);
      spec
        .given([...withTwo, published])
        .when({ type: 'Publish', actor: owner })
        .thenThrows(IllegalStateError);
      spec
        .given([...withTwo, published, { type: 'PathUnpublished', data: { pathId: p } }])
        .when({ type: 'Publish', actor: owner })
        .thenEvents((events) => {
          expect(events[0].data).toEqual(expect.objectContaining({ firstPublication: false }));
        });
    });

    it('unpublishes a published path only, and an archived path takes no more changes', () => {
      spec.given(withTwo).when({ type: 'Unpublish', actor: owner }).thenThrows(IllegalStateError);
      spec
        .given([...withTwo, published])
        .when({ type: 'Unpublish', actor: owner })
        .then([{ type: 'PathUnpublished', data: { pathId: p } }]);
      spec
        .given([...withTwo, published])
        .when({ type: 'Archive', actor: admin })
        .then([{ type: 'PathArchived', data: { pathId: p } }]);
      spec
        .given([...withTwo, { type: 'PathArchived', data: { pathId: p } }])
        .when({ type: 'ChangeDetails', actor: owner, details: { title: 'Again' } })
        .thenThrows(IllegalStateError);
    });
  });
});

describe('path learner decider', () => {
  const spec = deciderSpec(pathLearnerDecider);
  const NOW = '2026-11-23T10:00:00.000Z';
  const complete = (now = NOW, recertificationMonths: number | null = 12) => ({
    type: 'Complete' as const,
    pathId: p,
    userId: 'u-l',
    title: 'Onboarding',
    now,
    recertificationMonths,
    speaches: [{ speachId: 's1', title: 'Safety', version: 2 }],
    certificateCode: 'CODE1',
  });
  const completed: PathLearnerEvent = {
    type: 'PathCompleted',
    data: {
      pathId: p,
      userId: 'u-l',
      title: 'Onboarding',
      completedAt: NOW,
      validUntil: '2027-11-23T10:00:00.000Z',
      speaches: [{ speachId: 's1', title: 'Safety', version: 2 }],
      certificateCode: 'CODE1',
    },
  };

  it('enrols in an open published path once; a closed path is a 403 and an unpublished one a 404', () => {
    const enrol = { type: 'Enrol' as const, pathId: p, userId: 'u-l', pathPublished: true, openForSelfEnrolment: true };
    spec
      .given([])
      .when(enrol)
      .then([{ type: 'PathEnrolled', data: { pathId: p, userId: 'u-l' } }]);
    spec
      .given([{ type: 'PathEnrolled', data: { pathId: p, userId: 'u-l' } }])
      .when(enrol)
      .then([]);
    spec
      .given([])
      .when({ ...enrol, openForSelfEnrolment: false })
      .thenThrows(ForbiddenError);
    spec
      .given([])
      .when({ ...enrol, pathPublished: false })
      .thenThrows(NotFoundError);
  });

  it('completes once per validity period, and again once the recertification period ran out', () => {
    spec.given([]).when(complete()).then([completed]);
    spec.given([completed]).when(complete('2027-06-01T00:00:00.000Z')).then([]);
    spec
      .given([completed])
      .when(complete('2027-11-24T00:00:00.000Z'))
      .thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['PathCompleted']));
    spec
      .given([])
      .when(complete(NOW, null))
      .thenEvents((events) => expect(events[0].data).toEqual(expect.objectContaining({ validUntil: null })));
  });

  it('keeps one certificate per completion', () => {
    const issue = { type: 'IssueCertificate' as const, pathId: p, userId: 'u-l', certificateCode: 'CODE1', blobId: 'b'.repeat(64) };
    const issued: PathLearnerEvent = { type: 'PathCertificateIssued', data: { pathId: p, userId: 'u-l', certificateCode: 'CODE1', blobId: 'b'.repeat(64) } };
    spec.given([completed]).when(issue).then([issued]);
    spec.given([completed, issued]).when(issue).then([]);
    spec.given([]).when(issue).thenThrows(NotFoundError);
  });

  const REMINDED = '2027-10-24T10:00:00.000Z';
  const remind = { type: 'RemindRecertification' as const, pathId: p, userId: 'u-l', certificateCode: 'CODE1', title: 'Onboarding', now: REMINDED };
  const due: PathLearnerEvent = {
    type: 'PathRecertificationDue',
    data: { pathId: p, userId: 'u-l', certificateCode: 'CODE1', title: 'Onboarding', validUntil: '2027-11-23T10:00:00.000Z' },
  };
  const reassigned: PathLearnerEvent = {
    type: 'PathReassigned',
    data: { pathId: p, userId: 'u-l', certificateCode: 'CODE1', dueDate: '2027-11-23T10:00:00.000Z', since: REMINDED },
  };

  it('reminds once of the latest completion lapsing and re-assigns the learner, due when it lapses; never of an older one or one without end', () => {
    spec.given([completed]).when(remind).then([due, reassigned]);
    spec.given([completed, due, reassigned]).when(remind).then([]);
    const renewed: PathLearnerEvent = { ...completed, data: { ...completed.data, certificateCode: 'CODE2' } } as PathLearnerEvent;
    spec.given([completed, renewed]).when(remind).then([]);
    const forever: PathLearnerEvent = { ...completed, data: { ...completed.data, validUntil: null } } as PathLearnerEvent;
    spec.given([forever]).when(remind).then([]);
  });

  it('given a re-assigned learner whose completion is still in force, when they complete again, then the path is completed anew, once', () => {
    const renewing = { ...complete('2027-11-01T00:00:00.000Z'), certificateCode: 'CODE2' };
    spec
      .given([completed, due, reassigned])
      .when(renewing)
      .thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['PathCompleted']);
        expect(events[0].data).toEqual(
          expect.objectContaining({ certificateCode: 'CODE2', completedAt: '2027-11-01T00:00:00.000Z', validUntil: '2028-11-01T00:00:00.000Z' }),
        );
      });
    const renewed: PathLearnerEvent = {
      ...completed,
      data: { ...completed.data, certificateCode: 'CODE2', completedAt: '2027-11-01T00:00:00.000Z', validUntil: '2028-11-01T00:00:00.000Z' },
    } as PathLearnerEvent;
    spec
      .given([completed, due, reassigned, renewed])
      .when({ ...renewing, now: '2027-11-02T00:00:00.000Z' })
      .then([]);
  });

  it('adds months clamped to the end of the month', () => {
    expect(addMonths('2026-08-31T00:00:00.000Z', 6)).toBe('2027-02-28T00:00:00.000Z');
  });
});
