package agentstate

import (
	"strconv"
	"time"
)

// Session types, as @amux_type spells them (tmux.TypeTerminal, tmux.TypeRun;
// this package imports nothing of amux's). Anything else is an agent.
const (
	TypeAgent    = "agent"
	TypeTerminal = "terminal"
	TypeRun      = "run"
)

// SourceRun is the run-script rule: working while young or busy, running
// while a long-lived script is quiet.
const SourceRun Source = "run"

// exited is the final state of a pane whose program ended. A run script's
// end is its result (done, or error on a non-zero status, which wants a
// person); an agent or shell that exited is stopped, published as idle with
// the status beside it.
func exited(o Observation) Result {
	r := Result{State: Stopped, Source: SourceExit, Detail: "exited, status not known yet"}
	if o.ExitKnown {
		r.Exit, r.HasExit, r.Detail = o.ExitStatus, true, "exited with status "+strconv.Itoa(o.ExitStatus)
	}
	if o.Type == TypeRun {
		r.State = Done
		if r.HasExit && r.Exit != 0 {
			r.State = Error
		}
	}
	return r
}

// command reads a shell's OSC 133 marks: a running command is work; a
// command that ended is done (exit 0) or error for DoneWindow after its
// end, then the prompt is idle. Only a command that ran ShortCommand or
// longer wants attention.
func command(o Observation, c Config) Result {
	if o.CommandState == "running" {
		d := "command running"
		if !o.CommandStarted.IsZero() {
			d += " for " + o.Now.Sub(o.CommandStarted).Round(time.Second).String()
		}
		return Result{State: Working, Source: SourceCommand, Detail: d}
	}
	ended := o.CommandEnded
	if ended.IsZero() || o.Now.Sub(ended) >= c.DoneWindow || (!o.CommandStarted.IsZero() && o.CommandStarted.After(ended)) {
		return Result{State: Idle, Source: SourceCommand, Detail: "at the prompt"}
	}
	took := time.Duration(0)
	if !o.CommandStarted.IsZero() {
		took = ended.Sub(o.CommandStarted)
	}
	// The detail holds for as long as the state does, so it says how long
	// the command ran (fixed), not how long ago it ended (stale at once).
	ran := ""
	if took > 0 {
		ran = " after " + took.Round(100*time.Millisecond).String()
	}
	r := Result{State: Done, Source: SourceCommand, Detail: "command ended" + ran}
	if code, err := strconv.Atoi(o.CommandExit); err == nil {
		r.Exit, r.HasExit = code, true
		r.Detail = "command exited " + o.CommandExit + ran
		if code != 0 {
			r.State = Error
		}
	}
	r.Attention = took >= c.ShortCommand
	return r
}

// run classifies a live run script: it works while young or while its
// output is recent (with the usual hysteresis), so a build that prints
// until it ends is working throughout; a script that has been up for
// RunningAfter and gone quiet is a long-lived server, running, and stays
// running from then on whatever it prints (a request log, a watcher's
// rebuilds), or the workspace's spinner would mean nothing. Neither wants
// attention: only its end does (see exited).
func (t *Tracker) run(o Observation, c Config) Result {
	young := !o.Started.IsZero() && o.Now.Sub(o.Started) < c.RunningAfter
	active := !o.LastOutput.IsZero() && o.Now.Sub(o.LastOutput) < c.ActiveWindow
	if active && o.LastOutput.After(t.workedAt) {
		t.workedAt = o.LastOutput
	}
	switch {
	case young:
		return Result{State: Working, Source: SourceRun, Detail: "run started " + ago(o.Now, o.Started)}
	case t.serving && active:
		return Result{State: Running, Source: SourceRun, Detail: "running, printing"}
	case t.serving:
		return Result{State: Running, Source: SourceRun, Detail: "running, quiet"}
	case active || t.recentlyWorking(o, c):
		return Result{State: Working, Source: SourceRun, Detail: "run printing"}
	}
	t.serving = true
	return Result{State: Running, Source: SourceRun, Detail: "running, quiet"}
}
