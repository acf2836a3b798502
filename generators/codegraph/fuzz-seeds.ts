/** codegraph's built-in fuzz seeds: minimal valid models, so that fuzzing works before golden/ is regenerated. */
import type { OpName } from '../../src/shared/ops.ts';

/** Minimal valid inputs of codegraph.read. */
export const CODEGRAPH_FUZZ_SEEDS: Partial<Record<OpName, readonly string[]>> = {
  'codegraph.read': [
    '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"src","dict":{"kinds":["class","method","package"],"traits":["TChildOf","TNamed","TSourceAnchor","TTypedEntity","TWithValue"],"edges":["invocation","reference"],"provenance":["declared","derived"]}}\n' +
      '{"t":"f","i":0,"path":"a/B.java"}\n{"t":"f","i":1,"path":"a/C.java"}\n' +
      '{"t":"e","i":0,"k":2,"tr":[],"m":0,"s":"a"}\n' +
      '{"t":"e","i":1,"k":0,"tr":[1,2],"m":0,"s":"B","name":"B","anchor":[0,1,9]}\n' +
      '{"t":"e","i":2,"k":1,"tr":[0,1,3],"m":0,"s":"B.f()","parent":1,"name":"f","declaredType":1}\n' +
      '{"t":"e","i":3,"k":1,"tr":[0,4],"m":0,"s":"B.f()","d":"2","parent":1,"value":{"k":"enum","type":1,"name":"X"}}\n' +
      '{"t":"x","k":0,"f":2,"o":3,"p":0,"anchor":[0,2,2]}\n{"t":"x","k":1,"f":3,"o":1,"p":1,"anchor":[1,1,1],"sourceFile":1,"arguments":[{"name":"v","value":{"k":"number","value":1.0}}]}\n' +
      '{"t":"eof","counts":{"files":2,"entities":4,"edges":2}}\n',
    // Every trait key and Literal kind, two modules, UTF-16 versus code-point order, repeated edge keys.
    [
      "{\"t\":\"header\",\"schemaVersion\":\"1.0.0\",\"lang\":\"java\",\"extractor\":{\"name\":\"x\",\"version\":\"2\",\"noClasspath\":true},\"root\":\"src\",\"repository\":{\"url\":\"u\",\"rev\":1.0},\"dict\":{\"kinds\":[\"class\",\"field\",\"method\",\"package\"],\"traits\":[\"TChildOf\",\"TComment\",\"TInvocable\",\"TMetrics\",\"TModule\",\"TNamed\",\"TSourceAnchor\",\"TStructural\",\"TType\",\"TTypedEntity\",\"TWithAccesses\",\"TWithChildren\",\"TWithImplements\",\"TWithInheritances\",\"TWithInvocations\",\"TWithLocalVariables\",\"TWithParameters\",\"TWithValue\"],\"edges\":[\"annotationUse\",\"invocation\",\"reference\"],\"provenance\":[\"declared\",\"derived\"]}}",
      "{\"t\":\"f\",\"i\":0,\"path\":\"a/B.java\"}",
      "{\"t\":\"f\",\"i\":1,\"path\":\"a/Z.java\"}",
      "{\"t\":\"f\",\"i\":2,\"path\":\"b/C.java\"}",
      "{\"t\":\"e\",\"i\":0,\"k\":3,\"tr\":[4,11],\"m\":0,\"s\":\"a\",\"definedIn\":[0,1,0]}",
      "{\"t\":\"e\",\"i\":1,\"k\":0,\"tr\":[5,6,1,3,8,11,12],\"m\":0,\"s\":\"B\",\"name\":\"B\",\"anchor\":[0,1,20],\"comment\":\"doc\",\"metrics\":{\"sloc\":20,\"cyclomatic\":3},\"typeParameters\":[]}",
      "{\"t\":\"e\",\"i\":2,\"k\":2,\"tr\":[0,2,16,15,14,9],\"m\":0,\"s\":\"B.f(int)\",\"parent\":1,\"signature\":\"f(int)\",\"parameters\":[3],\"localVariables\":[],\"declaredType\":6}",
      "{\"t\":\"e\",\"i\":3,\"k\":1,\"tr\":[0,5,17],\"m\":0,\"s\":\"B.f(int)\",\"d\":\"p0\",\"parent\":2,\"name\":\"x\",\"value\":{\"k\":\"number\",\"value\":1.0}}",
      "{\"t\":\"e\",\"i\":4,\"k\":0,\"tr\":[],\"m\":0,\"s\":\"B𐀀\"}",
      "{\"t\":\"e\",\"i\":5,\"k\":0,\"tr\":[17],\"m\":0,\"s\":\"B｡\",\"value\":{\"k\":\"annotation\",\"type\":1,\"arguments\":[{\"name\":\"v\",\"value\":{\"k\":\"array\",\"items\":[{\"k\":\"enum\",\"type\":4,\"name\":\"E\"},{\"k\":\"class\",\"type\":5},{\"k\":\"boolean\",\"value\":true},{\"k\":\"string\",\"value\":\"s\"},{\"k\":\"null\"}]}}]}}",
      "{\"t\":\"e\",\"i\":6,\"k\":3,\"tr\":[],\"m\":6,\"s\":\"b\"}",
      "{\"t\":\"e\",\"i\":7,\"k\":0,\"tr\":[13],\"m\":6,\"s\":\"C\",\"x-note\":\"free\"}",
      "{\"t\":\"x\",\"k\":1,\"f\":1,\"o\":2,\"p\":0,\"anchor\":[0,2,2]}",
      "{\"t\":\"x\",\"k\":2,\"f\":2,\"o\":1,\"p\":1,\"anchor\":[0,3,3],\"sourceFile\":0}",
      "{\"t\":\"x\",\"k\":2,\"f\":2,\"o\":1,\"p\":1,\"anchor\":[0,3,4]}",
      "{\"t\":\"x\",\"k\":0,\"f\":5,\"o\":1,\"p\":0,\"anchor\":[1,1,1],\"arguments\":[{\"name\":\"value\",\"value\":{\"k\":\"enum\",\"type\":4,\"name\":\"RUNTIME\"}}]}",
      "{\"t\":\"x\",\"k\":2,\"f\":7,\"o\":0,\"p\":0,\"anchor\":[2,5,9]}",
      "{\"t\":\"eof\",\"counts\":{\"files\":3,\"entities\":8,\"edges\":5}}",
    ].join('\n') + '\n',
    // The default package (empty module path), blank lines anywhere, a final blank line without LF.
    "{\"t\":\"header\",\"schemaVersion\":\"1.0.0\",\"lang\":\"py\",\"extractor\":{\"name\":\"y\",\"version\":\"0\"},\"root\":\"\",\"dict\":{\"kinds\":[\"module\"],\"traits\":[],\"edges\":[],\"provenance\":[]}}\n \t\n{\"t\":\"e\",\"i\":0,\"k\":0,\"tr\":[],\"m\":0,\"s\":\"\"}\n\n{\"t\":\"e\",\"i\":1,\"k\":0,\"tr\":[],\"m\":0,\"s\":\"\",\"d\":\"x\"}\n{\"t\":\"eof\",\"counts\":{\"files\":0,\"entities\":2,\"edges\":0}}\n  ",
  ],
};
