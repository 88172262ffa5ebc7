// Package proto is the wire format between amux and the amux it runs on a
// remote host (`amux --internal-host`, behind one SSH connection): one JSON
// object per line in each direction, on the ssh session's stdin and
// stdout.
//
// The host speaks first with a Hello; the client checks it and answers
// with its own; on any mismatch either side says why (a "refuse" message)
// and closes. Then the host sends one Snapshot and afterwards pushes what
// changes as it happens (sessions with their @amux_* state, workspace
// records, work tree changes of a watch). Requests carry an ID; the host
// answers each with exactly one reply of the same ID, after any number of
// steps and output chunks for it. Everything either side reads is outside
// input: lines are capped (Reader), and the client validates and makes
// inert what it keeps (see Clean and the client package).
package proto

import (
	"encoding/json"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// Version is the protocol's version. Any change to a message's meaning or
// shape bumps it; the two sides refuse each other unless it is equal.
const Version = 2

// Message types (Message.Type).
const (
	TypeHello    = "hello"    // both ways, first: Hello
	TypeRefuse   = "refuse"   // both ways: Text says why, then the sender closes
	TypeSnapshot = "snapshot" // host: Snapshot, once after the hellos
	TypeSessions = "sessions" // host: Sessions, the whole list, when it changed
	TypeRecords  = "records"  // host: Records, the whole list, when it changed
	TypeChanged  = "changed"  // host: Watch names a watch whose tree changed
	TypeRequest  = "req"      // client: Op with Args
	TypeCancel   = "cancel"   // client: the request ID's caller gave up
	TypeStep     = "step"     // host: a step of request ID (Step)
	TypeOutput   = "output"   // host: output of request ID (Text)
	TypeReply    = "reply"    // host: Result or Err of request ID
	TypeLater    = "later"    // host: the deferred result of request ID (RunOnDone)
)

// Message is one line on the wire. Only the fields of its Type are set.
type Message struct {
	Type string `json:"t"`
	ID   uint64 `json:"id,omitempty"`

	Op   string            `json:"op,omitempty"`
	Args []json.RawMessage `json:"args,omitempty"`
	// Out asks the host to stream the request's script output (the
	// caller gave an io.Writer).
	Out bool `json:"out,omitempty"`

	Result json.RawMessage `json:"result,omitempty"`
	Err    *Error          `json:"err,omitempty"`
	Step   *Step           `json:"step,omitempty"`
	Text   string          `json:"text,omitempty"`
	Watch  uint64          `json:"watch,omitempty"`

	Hello    *Hello    `json:"hello,omitempty"`
	Snapshot *Snapshot `json:"snapshot,omitempty"`
	Sessions []Session `json:"sessions,omitempty"`
	Records  []Record  `json:"records,omitempty"`
	// Projects travel with Records (TypeRecords): a project added or
	// removed on the host changes projects.json, which the push watches.
	Projects []workspace.Project `json:"projects,omitempty"`
}

// Hello introduces a side: the protocol and amux versions it speaks, and
// (from the host) where it runs, so a mismatch can name the build needed.
type Hello struct {
	Proto int    `json:"proto"`
	Amux  string `json:"amux"`
	OS    string `json:"os,omitempty"`
	Arch  string `json:"arch,omitempty"`
	// Home is the host's state home, for people (shown, never opened).
	Home string `json:"home,omitempty"`
	// Server is the host's private tmux server (its -L name), which a
	// remote tab attaches to; the client checks it before using it.
	Server string `json:"server,omitempty"`
}

// Snapshot is the host's whole state at the start of a connection.
type Snapshot struct {
	Sessions []Session           `json:"sessions"`
	Records  []Record            `json:"records"`
	Projects []workspace.Project `json:"projects"`
	Taken    time.Time           `json:"taken"`
}

// Session is one tmux session on the host's private server with the
// @amux_* state the monitor keeps on it.
type Session struct {
	tmux.SessionInfo
	State        string `json:"state,omitempty"`  // @amux_agent_state
	Reason       string `json:"reason,omitempty"` // @amux_agent_reason
	ExitStatus   string `json:"exit,omitempty"`   // @amux_exit_status
	LastOutputAt string `json:"out_at,omitempty"` // @amux_last_output_at
	LastInputAt  string `json:"in_at,omitempty"`  // @amux_last_input_at
}

// Record is a workspace record with the reads a client answers without a
// round trip (workspace.LifecycleService.UnfinishedTeardown,
// TrustService.ScriptRunning and ArchiveToApprove).
type Record struct {
	workspace.Record
	TeardownOp string                 `json:"teardown_op,omitempty"`
	Cleanup    workspace.CleanupState `json:"cleanup,omitempty"`
	Running    []workspace.ScriptKind `json:"running,omitempty"`
	Archive    *Error                 `json:"archive,omitempty"` // ArchiveToApprove's answer, encoded
}

// Step is one step an operation's Observer was told about.
type Step struct {
	Op   string `json:"op"`
	Step string `json:"step"`
	ID   string `json:"id"`
}
