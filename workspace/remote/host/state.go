package host

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/proto"
)

// state reads what the host pushes (its tmux sessions with their @amux_*
// state, its workspace records) and remembers what it last sent, so only a
// change goes over the connection.
type state struct {
	s            *Server
	lastSessions []byte
	lastRecords  []byte
	// ctl is the long-lived control client on the host's server (nil
	// while there is no session to attach it to): its notifications say
	// when sessions come, go or are renamed, and reads go over it.
	ctl *tmux.Control
}

func newState(s *Server) *state { return &state{s: s} }

// readTimeout bounds one local read of tmux or the records.
const readTimeout = 5 * time.Second

func (st *state) snapshot(ctx context.Context) (*proto.Snapshot, error) {
	sessions, err := st.sessions(ctx)
	if err != nil {
		return nil, err
	}
	records, err := st.records(ctx)
	if err != nil {
		return nil, err
	}
	projects, err := st.s.Engine.Projects(ctx)
	if err != nil {
		return nil, err
	}
	st.lastSessions, _ = json.Marshal(sessions)
	st.lastRecords, _ = json.Marshal(records)
	return &proto.Snapshot{Sessions: sessions, Records: records, Projects: projects, Taken: time.Now()}, nil
}

func (st *state) pushSessions(ctx context.Context, c *conn) {
	list, err := st.sessions(ctx)
	if err != nil {
		st.s.log.Warn("remote host: read sessions", "err", err.Error())
		return
	}
	st.attach(ctx, list)
	b, _ := json.Marshal(list)
	if bytes.Equal(b, st.lastSessions) {
		return
	}
	st.lastSessions = b
	if list == nil {
		list = []proto.Session{}
	}
	_ = c.out.Write(proto.Message{Type: proto.TypeSessions, Sessions: list})
}

func (st *state) pushRecords(ctx context.Context, c *conn) {
	list, err := st.records(ctx)
	if err != nil {
		st.s.log.Warn("remote host: read records", "err", err.Error())
		return
	}
	projects, err := st.s.Engine.Projects(ctx)
	if err != nil {
		st.s.log.Warn("remote host: read projects", "err", err.Error())
		return
	}
	if projects == nil {
		projects = []workspace.Project{}
	}
	b, _ := json.Marshal(struct {
		R []proto.Record
		P []workspace.Project
	}{list, projects})
	if bytes.Equal(b, st.lastRecords) {
		return
	}
	st.lastRecords = b
	if list == nil {
		list = []proto.Record{}
	}
	_ = c.out.Write(proto.Message{Type: proto.TypeRecords, Records: list, Projects: projects})
}

// sessionFields is the one list-sessions read: every field cleaned of
// control bytes by tmux itself, separated by bytes no cleaned value holds,
// so a tag's value (a reported reason) cannot forge another field or
// another session.
var sessionFields = []string{
	"session_id", tmux.TagManaged, tmux.TagWorkspace, tmux.TagTab, tmux.TagType, tmux.TagAssistant,
	tmux.TagInstance, tmux.TagCreatedAt, "session_attached", tmux.TagAgentState, tmux.TagAgentReason,
	tmux.TagExitStatus, tmux.TagLastOutputAt, tmux.TagLastInputAt, "session_name",
}

const (
	fieldSep  = "\x1f"
	recordSep = "\x1e"
)

func sessionFormat() string {
	f := make([]string, len(sessionFields))
	for i, name := range sessionFields {
		f[i] = "#{s/[\x01-\x1f\x7f]/_/:" + name + "}"
	}
	return strings.Join(f, fieldSep) + recordSep
}

// sessions reads the host's sessions over the control client while there
// is one (no process: a command on the client's own pipe), else with one
// tmux process.
func (st *state) sessions(ctx context.Context) ([]proto.Session, error) {
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	var r tmux.Runner = st.s.Tmux
	if st.ctl != nil {
		r = st.ctl
	}
	st.s.reads.Add(1)
	out, err := r.Run(ctx, "list-sessions", "-F", sessionFormat())
	if err != nil && r != tmux.Runner(st.s.Tmux) {
		// The control client went (its session ended): read with a
		// process, and attach again after.
		st.dropControl()
		out, err = st.s.Tmux.Run(ctx, "list-sessions", "-F", sessionFormat())
	}
	if err != nil {
		if tmux.IsNoServer(err) {
			return nil, nil
		}
		return nil, err
	}
	return parseSessions(out), nil
}

func parseSessions(out string) []proto.Session {
	var list []proto.Session
	for rec := range strings.SplitSeq(out, recordSep) {
		rec = strings.TrimPrefix(rec, "\n")
		if rec == "" {
			continue
		}
		f := strings.Split(rec, fieldSep)
		if len(f) != len(sessionFields) {
			continue
		}
		if f[14] == tmux.ControlSession {
			continue // amux's own, hosting nothing (tmux.ControlSession)
		}
		attached := 0
		for _, ch := range f[8] {
			if ch < '0' || ch > '9' {
				attached = 0
				break
			}
			attached = attached*10 + int(ch-'0')
		}
		list = append(list, proto.Session{
			SessionInfo: tmux.SessionInfo{ID: f[0], Managed: f[1] == "1", Workspace: f[2], Tab: f[3], Type: f[4],
				Assistant: f[5], Instance: f[6], CreatedAt: f[7], Attached: attached, Name: f[14]},
			State: f[9], Reason: f[10], ExitStatus: f[11], LastOutputAt: f[12], LastInputAt: f[13],
		})
	}
	return list
}

// records reads every record with what the client answers from it
// without asking (unfinished teardowns, running scripts, the archive
// script awaiting approval).
func (st *state) records(ctx context.Context) ([]proto.Record, error) {
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	e := st.s.Engine
	recs, err := e.Workspaces(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]proto.Record, 0, len(recs))
	for _, r := range recs {
		pr := proto.Record{Record: r}
		pr.TeardownOp, pr.Cleanup = e.UnfinishedTeardown(r.ID)
		for _, k := range []workspace.ScriptKind{workspace.KindSetup, workspace.KindRun, workspace.KindArchive, workspace.KindOnDone} {
			if e.ScriptRunning(r.ID, k) {
				pr.Running = append(pr.Running, k)
			}
		}
		if ue, err := e.ArchiveToApprove(r.ID); ue != nil {
			pr.Archive = proto.EncodeError(ue)
		} else if err != nil {
			pr.Archive = proto.EncodeError(err)
		}
		out = append(out, pr)
	}
	return out, nil
}
