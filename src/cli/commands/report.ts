/** `formcert report merge|html|junit|markdown|badge <report.jsonl…>` and `report site <dir> <report.jsonl…>`: rework the JSON-lines reports of certify runs. */
import type { Command } from 'commander';
import type { SetExit } from '../../shared/exit-codes.ts';
import { reportCommand, siteCommand } from '../../report/report-command.ts';

type Format = 'merge' | 'html' | 'junit' | 'markdown' | 'badge';

const DESCRIPTIONS: Record<Format, string> = {
  merge: 'merge reports (CI shards, several implementations) into one JSONL; exit 1 when the merged run fails',
  html: 'one static HTML page: implementations × cases matrix, filters, details per case',
  junit: 'JUnit XML for CI',
  markdown: 'Markdown summary for a CI step summary',
  badge: 'SVG badge naming the ops it covers (formcert journal.read | core P/N · strict P/N)',
};

export function register(program: Command, setExit: SetExit): void {
  const report = program.command('report').description('turn certify reports (results.jsonl) into other forms, or merge them');
  for (const format of Object.keys(DESCRIPTIONS) as Format[]) {
    const cmd = report
      .command(format)
      .description(DESCRIPTIONS[format])
      .argument('<reports...>', 'results.jsonl files written by `formcert certify --report DIR`')
      .option('-o, --output <file>', 'write here instead of stdout');
    if (format === 'merge') {
      cmd.option('--report <dir>', 'also write every report form of the merged run to DIR');
      cmd.option('--allow-partial', 'merge even when a shard or some selected cases are missing');
    }
    if (format === 'html') cmd.option('--title <title>', 'page title');
    cmd.action(async (paths: string[], opts: { output?: string; report?: string; title?: string; allowPartial?: boolean }) => {
      setExit(
        await reportCommand(format, paths, opts, {
          out: (s) => process.stdout.write(s),
          err: (s) => process.stderr.write(s),
        }),
      );
    });
  }
  report
    .command('site')
    .description('a static results site: index of implementations × ops with badges, a page per implementation and per requirement (works from file://)')
    .argument('<dir>', 'directory to write the site to')
    .argument('<reports...>', 'results.jsonl files, one or more per implementation')
    .action(async (dir: string, paths: string[]) => {
      setExit(await siteCommand(dir, paths, { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) }));
    });
}
