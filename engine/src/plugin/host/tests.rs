//! The host against descriptors made in-process (the shared-library cases, built from real
//! fixture plugins, are in `cli/tests/plugins.rs`).

use super::technique::{MAX_STEPS, testing};
use super::*;
use crate::board::cells::Cell;
use crate::board::grid::Grid;
use crate::plugin::abi::*;
use crate::step::{Step, StepKind};
use crate::technique::{Halt, ParamSpec, Params, StepSink};
use std::ffi::c_void;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

static DESTROYED: AtomicUsize = AtomicUsize::new(0);

const IDS: [&str; 5] = [
    "test-eliminate",
    "test-fail",
    "test-panic",
    "test-non-candidate",
    "test-flood",
];

fn report(host: *const HostCallbacks, message: &str) {
    // SAFETY: the host's callbacks are valid for the call in progress.
    unsafe { ((*host).report_error)((*host).context, AbiStr::new(message)) }
}

unsafe extern "C" fn create(
    technique: usize,
    params: AbiStr,
    host: *const HostCallbacks,
    instance: *mut *mut c_void,
) -> u32 {
    // SAFETY: the host passes a valid parameter text.
    let params = unsafe { params.to_str() }.unwrap();
    if params.contains("refuse = true") {
        report(host, "refused by request");
        return STATUS_ERROR;
    }
    // SAFETY: the host passes a valid out pointer.
    unsafe { *instance = Box::into_raw(Box::new(technique)).cast() };
    STATUS_OK
}

unsafe extern "C" fn find_steps(
    instance: *mut c_void,
    grid: *const AbiGrid,
    _first_only: u32,
    host: *const HostCallbacks,
) -> u32 {
    // SAFETY: the instance is one `create` made.
    let technique = unsafe { *instance.cast::<usize>() };
    match technique {
        1 => {
            report(host, "no luck");
            return STATUS_ERROR;
        }
        2 => {
            report(host, "boom");
            return STATUS_PANICKED;
        }
        _ => {}
    }
    // SAFETY: the host passes a valid grid.
    let grid = unsafe { &*grid };
    if technique == 0 && grid.candidates[0] & 1 == 0 {
        return STATUS_OK;
    }
    let elimination = [AbiCandidate { cell: 0, digit: 1 }];
    let step = AbiStep {
        struct_size: AbiStep::SIZE,
        kind_size: 0,
        kind_id: AbiStr::EMPTY,
        name: AbiStr::new("Test Step"),
        description: AbiStr::new("r1c1"),
        placements: std::ptr::null(),
        placement_count: 0,
        eliminations: elimination.as_ptr(),
        elimination_count: 1,
        pattern: std::ptr::null(),
        pattern_count: 0,
    };
    // The flood pushes the same step until told to stop (with a bound, in case it is not).
    let times = if technique == 4 { 2 * MAX_STEPS } else { 1 };
    for _ in 0..times {
        // SAFETY: the host's callbacks are valid for the call; the step lives across it.
        if unsafe { ((*host).push_step)((*host).context, &step) } == PUSH_STOP {
            break;
        }
    }
    STATUS_OK
}

unsafe extern "C" fn destroy(instance: *mut c_void) {
    // SAFETY: the instance is one `create` made, destroyed once.
    drop(unsafe { Box::from_raw(instance.cast::<usize>()) });
    DESTROYED.fetch_add(1, Ordering::SeqCst);
}

const REFUSE: &[ParamSpec] = &[ParamSpec::bool("refuse", "fail in create", false)];

/// A descriptor of the four test techniques, leaked as a plugin's would be static.
fn descriptor() -> &'static mut PluginDescriptor {
    let params: &'static [AbiParamSpec] =
        Box::leak(Box::new([AbiParamSpec::from_spec(&REFUSE[0])]));
    let techniques: &'static [AbiTechniqueInfo] =
        Box::leak(Box::new(IDS.map(|id| AbiTechniqueInfo {
            id: AbiStr::new(id),
            name: AbiStr::new("Test"),
            summary: AbiStr::new("a test technique"),
            params: params.as_ptr(),
            param_count: params.len(),
            kinds: std::ptr::null(),
            kind_count: 0,
        })));
    Box::leak(Box::new(PluginDescriptor {
        abi_version: ABI_VERSION,
        struct_size: size_of::<PluginDescriptor>() as u32,
        plugin_name: AbiStr::new("test-plugin"),
        plugin_version: AbiStr::new("1.2.3"),
        techniques: techniques.as_ptr(),
        technique_count: techniques.len(),
        create: Some(create),
        find_steps: Some(find_steps),
        destroy: Some(destroy),
    }))
}

fn load_err(descriptor: &PluginDescriptor) -> String {
    // SAFETY: the test descriptors are leaked, so valid for the rest of the process.
    unsafe { load_descriptor(descriptor, Path::new("libtest.so")) }
        .unwrap_err()
        .to_string()
}

fn entries() -> Vec<RegistryEntry> {
    // SAFETY: as above.
    unsafe { load_descriptor(descriptor(), Path::new("libtest.so")) }.unwrap()
}

fn run(entry: &RegistryEntry, grid: &Grid) -> Result<Vec<Step>, String> {
    let technique = (entry.build)(&Params::defaults(&entry.params))?;
    let mut sink = StepSink::all(entry.id.as_str().into());
    match technique.find_steps(grid, &mut sink) {
        ControlFlow::Break(Halt::Failed(message)) => Err(message),
        _ => Ok(sink.into_steps()),
    }
}

#[test]
fn a_good_descriptor_gives_working_techniques() {
    let entries = entries();
    let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, IDS);
    assert_eq!(
        entries[0].source.to_string(),
        "plugin test-plugin 1.2.3 (libtest.so)"
    );
    assert_eq!(entries[0].params, REFUSE);
    let before = DESTROYED.load(Ordering::SeqCst);
    let steps = run(&entries[0], &Grid::new()).unwrap();
    assert_eq!(
        DESTROYED.load(Ordering::SeqCst),
        before + 1,
        "destroyed on drop"
    );
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].text(), "Test Step r1c1 => r1c1<>1");
    assert_eq!(&*steps[0].technique, "test-eliminate");
    // No kind id given: the technique's id, as for built-ins.
    assert_eq!(steps[0].kind, StepKind::new("test-eliminate", "Test Step"));
    let mut grid = Grid::new();
    grid.eliminate(Cell::new(0), 1);
    assert!(run(&entries[0], &grid).unwrap().is_empty());
}

#[test]
fn plugin_failures_name_the_plugin() {
    let entries = entries();
    assert_eq!(
        run(&entries[1], &Grid::new()).unwrap_err(),
        "plugin test-plugin 1.2.3 (libtest.so) reported an error: no luck"
    );
    assert_eq!(
        run(&entries[2], &Grid::new()).unwrap_err(),
        "plugin test-plugin 1.2.3 (libtest.so) panicked: boom"
    );
    let mut grid = Grid::new();
    grid.eliminate(Cell::new(0), 1);
    assert_eq!(
        run(&entries[3], &grid).unwrap_err(),
        "plugin test-plugin 1.2.3 (libtest.so) gave a step of `test-non-candidate` that cannot \
         be applied (elimination r1c1<>1 is not a candidate of the grid): Test Step r1c1 => r1c1<>1"
    );
    let mut params = Params::defaults(&entries[0].params);
    params.set("refuse", crate::ParamValue::Bool(true));
    let err = (entries[0].build)(&params).err().unwrap();
    assert_eq!(
        err,
        "plugin test-plugin 1.2.3 (libtest.so) cannot create technique `test-eliminate`: \
         reported an error: refused by request"
    );
}

#[test]
fn bad_descriptors_are_refused() {
    // SAFETY: a null descriptor is checked before any read.
    let err = unsafe { load_descriptor(std::ptr::null(), Path::new("libx.so")) }.unwrap_err();
    assert_eq!(
        err.to_string(),
        "plugin libx.so: its `kaidoku_plugin_entry` returned no descriptor"
    );
    let d = descriptor();
    d.abi_version = 7;
    assert_eq!(
        load_err(d),
        "plugin libtest.so: ABI version 7, but this Kaidoku expects 3 (rebuild the plugin with a \
         kaidoku-plugin-sdk for ABI version 3)"
    );
    let d = descriptor();
    d.struct_size = 8;
    let expected = format!(
        "its descriptor is 8 bytes, but ABI version 3 needs at least {}",
        size_of::<PluginDescriptor>()
    );
    assert!(load_err(d).ends_with(&expected), "{}", load_err(d));
    let d = descriptor();
    d.find_steps = None;
    assert_eq!(
        load_err(d),
        "plugin libtest.so: its descriptor lacks the `find_steps` function"
    );
    let d = descriptor();
    d.technique_count = 0;
    assert!(load_err(d).ends_with("it provides no techniques"));
    let d = descriptor();
    d.techniques = std::ptr::null();
    assert!(load_err(d).ends_with("its technique list is 5 items at a null pointer"));
    let d = descriptor();
    d.plugin_name = AbiStr {
        ptr: b"\xff".as_ptr(),
        len: 1,
    };
    assert!(load_err(d).contains("its name is a string that is not UTF-8"));
}

#[test]
fn another_abi_version_is_read_from_the_header_alone() {
    // A future descriptor may be only a header, aligned to 4 bytes rather than the 8 of
    // this version's descriptor: the version error must come first, not a misalignment.
    #[repr(C, align(8))]
    struct Words([u32; 4]);
    let words: &'static Words = Box::leak(Box::new(Words([0, 7, 8, 0])));
    let header = (&words.0[1] as *const u32).cast::<PluginDescriptor>();
    assert!(!header.is_aligned());
    // SAFETY: only the 4-aligned header is read before the version check refuses it.
    let err = unsafe { load_descriptor(header, Path::new("libfuture.so")) }.unwrap_err();
    assert_eq!(
        err.to_string(),
        "plugin libfuture.so: ABI version 7, but this Kaidoku expects 3 (rebuild the plugin \
         with a kaidoku-plugin-sdk for ABI version 3)"
    );
    let words: &'static Words = Box::leak(Box::new(Words([0, ABI_VERSION, 200, 0])));
    let header = (&words.0[1] as *const u32).cast::<PluginDescriptor>();
    // SAFETY: as above: the header is read, the misaligned descriptor is not.
    let err = unsafe { load_descriptor(header, Path::new("libodd.so")) }.unwrap_err();
    assert_eq!(
        err.to_string(),
        "plugin libodd.so: its `kaidoku_plugin_entry` returned a misaligned descriptor"
    );
}

#[test]
fn bad_technique_lists_are_refused() {
    let d = descriptor();
    let list: &mut [AbiTechniqueInfo] = Box::leak(
        (0..2)
            .map(|_| AbiTechniqueInfo {
                id: AbiStr::new("same"),
                name: AbiStr::EMPTY,
                summary: AbiStr::EMPTY,
                params: std::ptr::null(),
                param_count: 0,
                kinds: std::ptr::null(),
                kind_count: 0,
            })
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    );
    d.techniques = list.as_ptr();
    d.technique_count = 2;
    assert_eq!(
        load_err(d),
        "plugin libtest.so: it lists technique `same` twice"
    );
    let bad_param: &'static [AbiParamSpec] = Box::leak(Box::new([AbiParamSpec {
        name: AbiStr::new("level"),
        help: AbiStr::EMPTY,
        kind: 5,
        default: 0,
        min: 0,
        max: 0,
    }]));
    list[1].id = AbiStr::new("other");
    list[1].params = bad_param.as_ptr();
    list[1].param_count = 1;
    assert_eq!(
        load_err(d),
        "plugin libtest.so: technique number 2 of the plugin: `other`: parameter `level` has \
         unknown kind 5"
    );
}

#[test]
fn files_that_are_not_plugins_are_clear_errors() {
    let err = load(Path::new("/no/such/libplugin.so")).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("plugin /no/such/libplugin.so: cannot read: No such file"),
        "{err}"
    );
    let dir = std::env::temp_dir();
    let err = load(&dir).unwrap_err();
    assert!(err.to_string().ends_with(": not a file"), "{err}");
    let fake = dir.join(format!("libfake-{}.so", std::process::id()));
    std::fs::write(&fake, "not a library\n").unwrap();
    let err = load(&fake).unwrap_err().to_string();
    std::fs::remove_file(&fake).unwrap();
    assert!(
        err.contains(": cannot load it as a shared library: dlopen failed: "),
        "{err}"
    );
}

fn step_with(eliminations: &[AbiCandidate]) -> AbiStep {
    AbiStep {
        struct_size: AbiStep::SIZE,
        kind_size: 2,
        kind_id: AbiStr::new("x-kind"),
        name: AbiStr::new("X"),
        description: AbiStr::EMPTY,
        placements: std::ptr::null(),
        placement_count: 0,
        eliminations: eliminations.as_ptr(),
        elimination_count: eliminations.len(),
        pattern: std::ptr::null(),
        pattern_count: 0,
    }
}

#[test]
fn malformed_steps_are_refused() {
    let good = [AbiCandidate { cell: 80, digit: 9 }];
    let pushed = testing::push(&step_with(&good)).unwrap();
    assert_eq!(pushed[0].text(), "X: r9c9<>9");
    assert_eq!(pushed[0].kind, StepKind::new("x-kind", "X").sized(2));
    let out_of_range = [AbiCandidate { cell: 81, digit: 9 }];
    assert_eq!(
        testing::push(&step_with(&out_of_range)).unwrap_err(),
        "gave a malformed step: its eliminations are a candidate with cell 81 and digit 9 \
         (cells are 0..81, digits 1..=9)"
    );
    let mut null = step_with(&good);
    null.eliminations = std::ptr::null();
    assert_eq!(
        testing::push(&null).unwrap_err(),
        "gave a malformed step: its eliminations are 1 items at a null pointer"
    );
    let mut huge = step_with(&good);
    huge.elimination_count = 100_000;
    assert!(
        testing::push(&huge)
            .unwrap_err()
            .contains("more than the 729 allowed")
    );
    let mut bad_name = step_with(&good);
    bad_name.name = AbiStr {
        ptr: b"\xc3".as_ptr(),
        len: 1,
    };
    assert!(
        testing::push(&bad_name)
            .unwrap_err()
            .contains("its name is a string that is not UTF-8")
    );
}

#[test]
fn conflicting_placements_are_refused() {
    let twice = Step::new(crate::step::StepKind::new("x", "X"))
        .place(Cell::at(0, 0), 1)
        .place(Cell::at(0, 0), 2);
    assert_eq!(
        testing::placements_problem(&twice).unwrap(),
        "it places r1c1 twice"
    );
    let same_house = Step::new(crate::step::StepKind::new("x", "X"))
        .place(Cell::at(0, 0), 1)
        .place(Cell::at(0, 5), 1);
    assert_eq!(
        testing::placements_problem(&same_house).unwrap(),
        "it places 1 in both r1c1 and r1c6, which share a house"
    );
    let fine = Step::new(crate::step::StepKind::new("x", "X"))
        .place(Cell::at(0, 0), 1)
        .place(Cell::at(4, 4), 1);
    assert!(testing::placements_problem(&fine).is_none());
}

#[test]
fn plugins_of_versions_1_and_2_are_refused_by_name() {
    // Versions 1 and 2 had the same header, name and version: only steps (1) and technique
    // infos (2) changed since.
    for version in [1, 2] {
        let d = descriptor();
        d.abi_version = version;
        d.plugin_name = AbiStr::new("old-kite");
        d.plugin_version = AbiStr::new("0.1.0");
        assert_eq!(
            load_err(d),
            format!(
                "plugin libtest.so: old-kite 0.1.0 was built for ABI version {version}, but this \
                 Kaidoku expects ABI version 3: rebuild the plugin with the current \
                 kaidoku-plugin-sdk"
            )
        );
    }
    // Too short to hold a name: refused all the same, by path.
    let d = descriptor();
    d.abi_version = 1;
    d.struct_size = 8;
    assert_eq!(
        load_err(d),
        "plugin libtest.so: built for ABI version 1, but this Kaidoku expects ABI version 3: \
         rebuild the plugin with the current kaidoku-plugin-sdk"
    );
}

#[test]
fn declared_kind_ratings_are_read_and_checked() {
    use crate::technique::{KindRating, Level};
    let rated = |ratings: Vec<AbiKindRating>| {
        let d = descriptor();
        let ratings: &'static [AbiKindRating] = Box::leak(ratings.into_boxed_slice());
        let infos: &'static mut [AbiTechniqueInfo] = Box::leak(Box::new([AbiTechniqueInfo {
            id: AbiStr::new("rated"),
            name: AbiStr::new("Rated"),
            summary: AbiStr::EMPTY,
            params: std::ptr::null(),
            param_count: 0,
            kinds: ratings.as_ptr(),
            kind_count: ratings.len(),
        }]));
        d.techniques = infos.as_ptr();
        d.technique_count = 1;
        d
    };
    let kite = KindRating {
        kind: "test-kite",
        er: 4.1,
        score: 150,
        level: Level::Hard,
    };
    // SAFETY: a leaked descriptor, valid for the rest of the process.
    let entries = unsafe {
        load_descriptor(
            rated(vec![AbiKindRating::from_rating(&kite)]),
            Path::new("libtest.so"),
        )
    }
    .unwrap();
    assert_eq!(
        entries[0].ratings,
        [crate::technique::registry::DeclaredRating {
            kind: "test-kite".into(),
            er: 41,
            score: 150,
            level: Level::Hard,
        }]
    );
    let mut bad = AbiKindRating::from_rating(&kite);
    bad.level = 5;
    assert_eq!(
        load_err(rated(vec![bad])),
        "plugin libtest.so: technique number 1 of the plugin: `rated`: kind `test-kite` has \
         level 5, not 0 to 4"
    );
    let mut bad = AbiKindRating::from_rating(&kite);
    bad.er_tenths = 201;
    assert!(
        load_err(rated(vec![bad])).ends_with("kind `test-kite` has ER 201 tenths, not 0 to 200")
    );
    let twice = vec![
        AbiKindRating::from_rating(&kite),
        AbiKindRating::from_rating(&kite),
    ];
    assert!(load_err(rated(twice)).ends_with("`rated` rates kind `test-kite` twice"));
    let mut bad = AbiKindRating::from_rating(&kite);
    bad.kind = AbiStr::new("Test Kite");
    assert!(load_err(rated(vec![bad])).ends_with("kind id `Test Kite` is not kebab-case"));
}

#[test]
fn steps_of_an_older_size_or_with_a_bad_kind_are_refused() {
    let good = [AbiCandidate { cell: 80, digit: 9 }];
    // A version-1 step had no size: its first bytes were the name's pointer. Any size
    // smaller than ours is refused before the rest is read.
    let mut small = step_with(&good);
    small.struct_size = 16;
    assert_eq!(
        testing::push(&small).unwrap_err(),
        format!(
            "gave a malformed step: its struct_size is 16 bytes, but ABI version 3 needs at \
             least {} (rebuild the plugin with the current kaidoku-plugin-sdk)",
            size_of::<AbiStep>()
        )
    );
    // A larger one is a newer plugin's step with fields appended: what we know is read.
    let mut larger = step_with(&good);
    larger.struct_size = AbiStep::SIZE + 16;
    assert!(testing::push(&larger).is_ok());
    let mut bad_id = step_with(&good);
    bad_id.kind_id = AbiStr::new("Finned Fish\n");
    assert_eq!(
        testing::push(&bad_id).unwrap_err(),
        "gave a malformed step: its kind id `Finned Fish\\u{a}` is not kebab-case (lowercase \
         letters, digits and dashes)"
    );
    let mut huge = step_with(&good);
    huge.kind_size = 256;
    assert_eq!(
        testing::push(&huge).unwrap_err(),
        "gave a malformed step: its kind size is 256, more than 255"
    );
    // A null step is refused before any read.
    assert_eq!(
        testing::push_raw(std::ptr::null()).unwrap_err(),
        "gave a malformed step: a null step"
    );
}

#[test]
fn a_plugin_that_floods_steps_is_stopped() {
    let entries = entries();
    assert_eq!(
        run(&entries[4], &Grid::new()).unwrap_err(),
        "plugin test-plugin 1.2.3 (libtest.so) pushed more than 100000 steps in one search, the \
         most allowed"
    );
    // The solve loop wants one step: the first push stops the search, as for any plugin.
    let technique = (entries[4].build)(&Params::defaults(&entries[4].params)).unwrap();
    let mut sink = StepSink::first("test-flood".into());
    let flow = technique.find_steps(&Grid::new(), &mut sink);
    assert!(!matches!(flow, ControlFlow::Break(Halt::Failed(_))));
    assert_eq!(sink.into_steps().len(), 1);
}
