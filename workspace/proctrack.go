package workspace

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/config/procid"
)

// markEnv is set, with a value unique to one lifecycle command, in that
// command's environment. Every process of its group inherits it, which is
// how the next start tells a group a crash left behind from an unrelated
// group that was later given the same number.
const markEnv = "AMUX_LIFECYCLE_MARK"

// procEntry is one running lifecycle process group, kept as
// procs/<pgid>.json while it runs so the next start can end it if amux dies
// first. The leader has a parent-death signal, but what it started may
// outlive it.
type procEntry struct {
	PGID      int        `json:"pgid"`
	Token     string     `json:"token,omitempty"` // procid.Token of the leader (boot ID and start time)
	Mark      string     `json:"mark"`            // the markEnv value its members carry
	Owner     owner      `json:"owner"`           // the amux that started it
	Workspace string     `json:"workspace"`
	Script    ScriptKind `json:"script"`
}

// ReapedProcess is a lifecycle script a crashed amux left running, killed
// by Recover.
type ReapedProcess struct {
	Workspace string
	Name      string // the workspace's name when it was reaped ("" when it has no record)
	Script    ScriptKind
}

// procLockWait bounds how long recording a process waits for the registry.
const procLockWait = 5 * time.Second

// newMark returns a fresh markEnv value.
func newMark() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (l Layout) procFile(pgid int) string {
	return filepath.Join(l.ProcsDir(), strconv.Itoa(pgid)+".json")
}

// trackProc records a started lifecycle group and returns the function
// that forgets it once the group is dead. A failure to record is logged and
// the script runs anyway: its leader still dies with amux.
func (e *Engine) trackProc(pgid int, mark, id string, kind ScriptKind) (untrack func()) {
	ent := procEntry{PGID: pgid, Token: procid.Token(pgid), Mark: mark, Owner: e.self, Workspace: id, Script: kind}
	path := e.store.layout.procFile(pgid)
	if err := e.withProcsLock(func() error {
		data, err := json.Marshal(ent)
		if err != nil {
			return err
		}
		return atomicfile.WriteFile(path, append(data, '\n'), recordPerm)
	}); err != nil {
		e.log.Warn("lifecycle process not recorded; a crash may leave it running", "workspace", id, "script", kind, "err", err)
		return func() {}
	}
	return func() {
		if err := e.withProcsLock(func() error { return removeIfExists(path) }); err != nil {
			e.log.Warn("lifecycle process record not removed", "path", path, "err", err)
		}
	}
}

func (e *Engine) withProcsLock(fn func() error) error {
	ctx, cancel := context.WithTimeout(context.Background(), procLockWait)
	defer cancel()
	unlock, err := atomicfile.Lock(ctx, e.store.layout.ProcsLockPath())
	if err != nil {
		return err
	}
	defer unlock()
	return fn()
}

// reapOrphans ends every recorded lifecycle group whose amux is gone and
// drops its record. Groups of a running amux (this one or another sharing
// the state home) are left alone.
func (e *Engine) reapOrphans(ctx context.Context) []ReapedProcess {
	entries, err := atomicfile.ReadStateDir(e.store.layout.ProcsDir())
	if err != nil {
		if !os.IsNotExist(err) {
			e.log.Warn("startup recovery: lifecycle process records unreadable", "err", err)
		}
		return nil
	}
	var reaped []ReapedProcess
	for _, de := range entries {
		if !strings.HasSuffix(de.Name(), ".json") || strings.HasPrefix(de.Name(), ".") {
			continue
		}
		path := filepath.Join(e.store.layout.ProcsDir(), de.Name())
		var ent procEntry
		data, err := atomicfile.ReadState(path)
		if err == nil {
			err = json.Unmarshal(data, &ent)
		}
		if err != nil || ent.PGID <= 1 || ent.Mark == "" {
			e.log.Warn("startup recovery: dropping an unreadable lifecycle process record", "path", path, "err", err)
		} else if ent.Owner.running(e.self) {
			continue
		} else if killOrphanGroup(ctx, ent) {
			e.log.Warn("startup recovery: killed a lifecycle script left running by a crash",
				"workspace", ent.Workspace, "script", ent.Script, "pgid", ent.PGID)
			p := ReapedProcess{Workspace: ent.Workspace, Script: ent.Script}
			if rec, err := e.store.Load(ent.Workspace); err == nil {
				p.Name = rec.Name // read now: recovery may remove the record next
			}
			reaped = append(reaped, p)
		}
		if err := e.withProcsLock(func() error { return removeIfExists(path) }); err != nil {
			e.log.Warn("startup recovery: lifecycle process record not removed", "path", path, "err", err)
		}
	}
	return reaped
}

// reapWait bounds how long recovery waits for a killed group to be gone.
const reapWait = 5 * time.Second

// killOrphanGroup SIGKILLs what is left of a recorded group and waits until
// it is gone; it reports whether anything was left. It never signals a
// group that merely got the same number: while any member of a group lives
// the kernel hands its number to no new process, so a live leader must have
// the recorded start identity, and a leaderless group must still hold a
// member carrying the recorded mark. Without /proc nothing can be proved
// and nothing is killed.
func killOrphanGroup(ctx context.Context, ent procEntry) bool {
	if boot := procid.BootID(); boot == "" || (ent.Token != "" && !strings.HasPrefix(ent.Token, boot+":")) {
		return false // no way to tell, or recorded before a reboot: long gone
	}
	if procid.Alive(ent.PGID, "") {
		if ent.Token == "" || procid.Token(ent.PGID) != ent.Token {
			return false // the leader's pid belongs to another process now
		}
	} else if !markedMember(ent) {
		return false
	}
	_ = syscall.Kill(-ent.PGID, syscall.SIGKILL)
	deadline := time.Now().Add(reapWait)
	for len(procid.GroupMembers(ent.PGID)) > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// markedMember reports whether a member of the group carries its mark.
func markedMember(ent procEntry) bool {
	for _, pid := range procid.GroupMembers(ent.PGID) {
		if procid.HasEnv(pid, markEnv+"="+ent.Mark) {
			return true
		}
	}
	return false
}

func removeIfExists(path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}
