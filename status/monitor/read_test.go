package monitor

import (
	"strings"
	"testing"
)

func TestParseRows(t *testing.T) {
	row := func(vals ...string) string {
		f := make([]string, len(rowFields))
		copy(f, vals[:len(vals)-1])
		f[len(f)-1] = vals[len(vals)-1] // the session name is always last
		return strings.Join(f, fieldSep) + recordSep + "\n"
	}
	good := row("$1", "%1", "1", "1", "1700000000", "1", "ws1", "tab-a-1", "agent", "claude", "idle",
		"1700000000123", "", "inst-1", "1700000003000", "blocked", "question", "fake", "1700000000500", "a | b", "1699999990",
		"", "9", "", "idle", "2", "1700000000100", "1700000000200", "1", "42:boot:9", "4242", "amux-ws1-tab-a-1")
	inactive := row("$1", "%2", "0", "0", "1700000000", "1", "ws1", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "amux-ws1-tab-a-1")
	foreign := row("$2", "%3", "1", "0", "1", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "my-shell")
	forged := (row("$3", "%4", "1", "0", "1", "1", "w\x1fx", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "amux-x"))
	broken := "garbage\x1e\n"
	rows := parseRows(good + inactive + foreign + forged + broken)
	if len(rows) != 1 {
		t.Fatalf("rows = %+v", rows)
	}
	r := rows[0]
	if r.paneID != "%1" || r.workspace != "ws1" || r.reported != "blocked" || r.message != "a | b" ||
		r.leaseMs != 1700000003000 || r.createdSec != 1699999990 || r.name != "amux-ws1-tab-a-1" || r.activitySec != 1700000000 ||
		r.exitStatus != 137 || !r.exitKnown || r.cmdState != "idle" || r.cmdExit != "2" || r.cmdStartedMs != 1700000000100 || r.cmdEndMs != 1700000000200 || !r.pipe || r.tap != "42:boot:9" {
		t.Fatalf("row = %+v", r)
	}
}

func TestLastOutputPrecision(t *testing.T) {
	if got := lastOutput(100, 100_950); got != 100_950 {
		t.Fatalf("same second: %d", got)
	}
	if got := lastOutput(101, 100_950); got != 101_000 {
		t.Fatalf("newer second wins: %d", got)
	}
	if got := lastOutput(100, 99_000); got != 100_000 {
		t.Fatalf("older local frame: %d", got)
	}
}
