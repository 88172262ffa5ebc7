package status

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

const reportUsage = `Usage: amux report --state STATE [flags]
       amux report --clear [--app APP] [--id ID]

Report this program's status to amux (Program Status Protocol, OSC 7501).
Prints one escape sequence to the terminal; amux's pane tap picks it up.

Flags:
  --state STATE     idle, working, blocked, done, error (or clear)
  --kind KIND       with blocked: permission, question or auth
  --app APP         reporter identity: [A-Za-z0-9_.+-], 1–32 characters
  --id ID           sub-record: up to 8 "/"-separated segments like app, 128 bytes
  --message TEXT    one line of context, at most 2048 bytes
  --progress N      with working or blocked: 0–100
  --title TEXT      at most 192 bytes
  --clear           remove the record (with --id: and its children;
                    without: every record of --app)
  --help            show this help

Exit status: 0 printed, 1 no terminal to print to, 2 invalid flags.
`

// reportIO is where `amux report` writes; tests replace the terminal checks.
type reportIO struct {
	stdout, stderr io.Writer
	isTerminal     func(io.Writer) bool
	openTTY        func() (io.WriteCloser, error)
}

// ReportMain is the `amux report` verb.
func ReportMain(args []string, stdout, stderr io.Writer) int {
	return runReport(args, reportIO{
		stdout: stdout, stderr: stderr,
		isTerminal: func(w io.Writer) bool {
			f, ok := w.(*os.File)
			return ok && term.IsTerminal(f.Fd())
		},
		openTTY: openReportTTY,
	})
}

func runReport(args []string, rio reportIO) int {
	r, help, err := parseReportFlags(args)
	if help {
		fmt.Fprint(rio.stdout, reportUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(rio.stderr, "amux report: %v (see amux report --help)\n", err)
		return 2
	}
	seq, err := Encode(r)
	if err != nil {
		fmt.Fprintf(rio.stderr, "amux report: %v (see amux report --help)\n", err)
		return 2
	}
	// One Write call, so the sequence reaches the terminal in one piece.
	if rio.isTerminal(rio.stdout) {
		if _, err := rio.stdout.Write(seq); err != nil {
			fmt.Fprintf(rio.stderr, "amux report: writing to the terminal: %v\n", err)
			return 1
		}
		return 0
	}
	tty, err := rio.openTTY()
	if err != nil {
		fmt.Fprintf(rio.stderr, "amux report: stdout is not a terminal and /dev/tty is not reachable (%v): run it inside the program's terminal\n", err)
		return 1
	}
	defer tty.Close()
	if _, err := tty.Write(seq); err != nil {
		fmt.Fprintf(rio.stderr, "amux report: writing to /dev/tty: %v\n", err)
		return 1
	}
	return 0
}

// parseReportFlags turns flags into a Report; validation is left to Encode,
// which applies the same rules as the parser.
func parseReportFlags(args []string) (Report, bool, error) {
	fs := flag.NewFlagSet("amux report", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var state, kind, progress string
	var r Report
	var clear bool
	fs.StringVar(&state, "state", "", "")
	fs.StringVar(&kind, "kind", "", "")
	fs.StringVar(&r.App, "app", "", "")
	fs.StringVar(&r.ID, "id", "", "")
	fs.StringVar(&r.Message, "message", "", "")
	fs.StringVar(&progress, "progress", "", "")
	fs.StringVar(&r.Title, "title", "", "")
	fs.BoolVar(&clear, "clear", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return Report{}, true, nil
		}
		return Report{}, false, err
	}
	if fs.NArg() > 0 {
		return Report{}, false, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	r.State, r.Kind = State(state), Kind(kind)
	switch {
	case clear && state != "" && r.State != StateClear:
		return Report{}, false, fmt.Errorf("--clear and --state %s contradict each other", state)
	case clear:
		r.State = StateClear
	case state == "":
		return Report{}, false, errors.New("--state is required (or --clear)")
	}
	if progress != "" {
		n, err := parseProgress([]byte(progress))
		if err != nil {
			return Report{}, false, err
		}
		r.Progress, r.HasProgress = n, true
	}
	return r, false, nil
}
